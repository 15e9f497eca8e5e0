import { Box, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FaChartLine, FaClipboardList, FaMobileScreen } from "react-icons/fa6";
import { LinkButton } from "@/components/ui/link";

/**
 * HomePage is the public landing page: four marketing sections, each ending in a way to sign up
 * (Sign Up, Get Started, Start now! and Try it, all to /signup).
 */
export function HomePage() {
  return (
    <Stack gap={{ base: "12", md: "16" }} py={{ base: "2", md: "6" }}>
      <Stack as="section" aria-labelledby="home-hero" gap="5" align="center" textAlign="center">
        <Heading as="h1" id="home-hero" size={{ base: "3xl", md: "5xl" }}>
          Log your workouts between sets
        </Heading>
        <Text fontSize="lg" color="fg.muted" maxW="2xl">
          Gymlog is free for personal use. Plan your workouts, log every set while you rest and watch
          your progress grow.
        </Text>
        <LinkButton to="/signup" colorPalette="brand" size="xl">
          Sign Up
        </LinkButton>
      </Stack>

      <Section id="home-website" title="A website, no app to install" icon={<FaMobileScreen />} cta="Get Started">
        Gymlog works as a website: there is no app to install. Open it in the browser on your phone,
        tablet or computer and everything is there, on every device you use.
      </Section>

      <Section id="home-rest" title="Log sets while you rest" icon={<FaClipboardList />} cta="Start now!">
        Start a workout, and between sets log the weight and reps you just did with a couple of taps.
        Plans keep your exercises ready, so your rest time stays rest time.
      </Section>

      <Section id="home-progress" title="See your progress, train with a coach" icon={<FaChartLine />} cta="Try it">
        Charts show your workouts, weight and personal bests over time. Personal trainers can link
        their clients, share plans and follow their progress.
      </Section>
    </Stack>
  );
}

interface SectionProps {
  id: string;
  title: string;
  icon: ReactNode;
  cta: string;
  children: ReactNode;
}

function Section({ id, title, icon, cta, children }: SectionProps) {
  return (
    <SimpleGrid as="section" aria-labelledby={id} columns={{ base: 1, md: 3 }} gap="6" alignItems="center">
      <Box fontSize="5xl" color="brand.solid" justifySelf={{ base: "center", md: "end" }} aria-hidden>
        {icon}
      </Box>
      <Stack gap="3" gridColumn={{ md: "span 2" }} textAlign={{ base: "center", md: "start" }}>
        <Heading as="h2" id={id} size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{children}</Text>
        <Box>
          <LinkButton to="/signup" colorPalette="brand" variant="outline" size="lg">
            {cta}
          </LinkButton>
        </Box>
      </Stack>
    </SimpleGrid>
  );
}
