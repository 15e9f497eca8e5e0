import { Box, Container, HStack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { LinkButton } from "@/components/ui/link";
import { useUser } from "@/features/account";
import { unfinishedQueryOptions } from "../api/get-unfinished";
import { clearInProgressMarkers, markCheckedFor, rememberInProgress, useInProgress, wasCheckedFor } from "../model/in-progress";
import { clearRests } from "../model/rest";

// The queue's replay and its status load after the first screen (offline/offline-status.tsx).
const OfflineStatus = lazy(() => import("../offline/offline-status").then((m) => ({ default: m.OfflineStatus })));

// The service worker's cache of API answers (vite.config.ts, runtimeCaching).
const apiCacheName = "gymlog-api";

function forgetCachedAnswers(): void {
  if ("caches" in window) void caches.delete(apiCacheName);
}

/**
 * InProgressBanner is the sticky WORKOUT IN PROGRESS bar with Overview and Finish. It shows while
 * a workout id is kept on this device; otherwise the server is asked once per signed-in period.
 * Signing out (no user) clears both markers, the rest timers and the service worker's copy of the
 * API's answers. Above it, for a verified user, the offline status: changes waiting to sync and
 * any the server refused.
 */
export function InProgressBanner() {
  const { data: user, isPending } = useUser();
  const queryClient = useQueryClient();
  const inProgress = useInProgress();
  const userId = user?.isVerified ? user.id : null;

  useEffect(() => {
    if (isPending) return;
    if (!user) {
      clearInProgressMarkers();
      clearRests();
      forgetCachedAnswers();
      return;
    }
    if (userId === null || inProgress || wasCheckedFor(userId)) return;
    markCheckedFor(userId);
    queryClient
      .fetchQuery(unfinishedQueryOptions())
      .then((found) => {
        if (found) rememberInProgress(found);
      })
      .catch((error: unknown) => console.error("Checking for a workout in progress failed", error));
  }, [isPending, user, userId, inProgress, queryClient]);

  if (!user) return null;
  return (
    <Box position="sticky" bottom="0" zIndex="banner" bg="orange.solid" color="orange.contrast">
      <Container maxW="5xl" px={{ base: "4", md: "6" }}>
        {userId !== null && (
          <Suspense fallback={null}>
            <OfflineStatus userId={userId} workoutId={inProgress?.id ?? null} />
          </Suspense>
        )}
        {inProgress && (
          <HStack justify="space-between" gap="2" wrap="wrap" py="2" role="region" aria-label="Workout in progress">
            <Text fontWeight="bold" letterSpacing="wide">
              WORKOUT IN PROGRESS
            </Text>
            <HStack gap="2">
              <LinkButton to={`/workouts/view/${inProgress.id}`} size="md" variant="surface" colorPalette="gray">
                Overview
              </LinkButton>
              <LinkButton to={`/workouts/finish/${inProgress.id}`} size="md" variant="surface" colorPalette="gray">
                Finish
              </LinkButton>
            </HStack>
          </HStack>
        )}
      </Container>
    </Box>
  );
}
