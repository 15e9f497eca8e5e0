import { Box, HStack, IconButton, Text } from "@chakra-ui/react";
import { useEffect, useId, useState, type FocusEvent, type ReactNode } from "react";
import { FaChevronLeft, FaChevronRight } from "react-icons/fa6";
import { PauseIcon, PlayIcon } from "./icons";
import { useReducedMotion } from "./use-reduced-motion";

/** CarouselSlide is one item of a carousel. */
export interface CarouselSlide {
  id: string;
  content: ReactNode;
}

interface CarouselProps {
  /** The carousel's accessible name, e.g. "Personal bests". */
  label: string;
  slides: readonly CarouselSlide[];
  /** How long each slide shows before the next one, in milliseconds. */
  intervalMs: number;
}

/**
 * Carousel shows one slide at a time and moves on every `intervalMs`. It stands still while the
 * pointer is over it or focus is inside it, after the user presses Pause, and always when the
 * system asks for reduced motion; Previous and Next move by hand. Screen readers hear the new
 * slide only when it changes by hand (the live region is off while it rotates by itself).
 */
export function Carousel({ label, slides, intervalMs }: CarouselProps) {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const slidesId = useId();

  const count = slides.length;
  const current = count > 0 ? index % count : 0;
  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, intervalMs]);

  const move = (step: number) => setIndex((current + step + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const slide = slides[current];

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <Box id={slidesId} aria-live={rotating ? "off" : "polite"} minH="24">
        {slide && (
          <Box role="group" aria-roledescription="slide" aria-label={`${current + 1} of ${count}`}>
            {slide.content}
          </Box>
        )}
      </Box>
      {count > 1 && (
        <HStack justify="center" gap="2" mt="2">
          <IconButton aria-label="Previous slide" aria-controls={slidesId} variant="ghost" size="lg" onClick={() => move(-1)}>
            <FaChevronLeft />
          </IconButton>
          {canRotate && (
            <IconButton
              aria-label={stopped ? "Play slides" : "Pause slides"}
              aria-controls={slidesId}
              variant="ghost"
              size="lg"
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </IconButton>
          )}
          <Text fontSize="sm" color="fg.muted" aria-hidden minW="10" textAlign="center">
            {current + 1} / {count}
          </Text>
          <IconButton aria-label="Next slide" aria-controls={slidesId} variant="ghost" size="lg" onClick={() => move(1)}>
            <FaChevronRight />
          </IconButton>
        </HStack>
      )}
    </Box>
  );
}
