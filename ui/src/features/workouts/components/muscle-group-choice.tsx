import { Badge, Checkbox, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import type { MuscleGroup } from "../api/types";

// Spec 1's Exercise muscle groups screen places these muscle groups' checkboxes on the right
// of their label (and only that screen: the plan exercise form keeps every box on the left).
const checkboxOnRight = new Set([6, 8, 7, 4, 12, 3, 2, 13]);

interface MuscleGroupChoiceProps {
  groups: MuscleGroup[];
  /** The chosen group ids. */
  chosen: ReadonlySet<number>;
  /** The exercise's groups are locked (a built-in): read-only badges instead of checkboxes. */
  locked: boolean;
  onToggle: (groupId: number, checked: boolean) => void;
  /** Place the boxes of spec 1's eight ids on the right, as the Exercise muscle groups screen does. */
  sided?: boolean;
}

/**
 * MuscleGroupChoice is an exercise's muscle groups: Upper body and Lower body checkboxes, or
 * read-only badges when they are locked.
 */
export function MuscleGroupChoice({ groups, chosen, locked, onToggle, sided = false }: MuscleGroupChoiceProps) {
  if (locked) {
    return (
      <Wrap gap="2" aria-label="Muscle groups">
        {groups
          .filter((group) => chosen.has(group.id))
          .map((group) => (
            <Badge key={group.id} colorPalette="brand" size="lg">
              {group.name}
            </Badge>
          ))}
      </Wrap>
    );
  }
  return (
    <SimpleGrid columns={2} gap="3">
      {(["Upper body", "Lower body"] as const).map((category) => (
        <Stack key={category} gap="2" as="fieldset">
          <Text as="legend" fontWeight="semibold" mb="2">
            {category}
          </Text>
          {groups
            .filter((group) => group.category === category)
            .map((group) => {
              const right = sided && checkboxOnRight.has(group.id);
              return (
                <Checkbox.Root
                  key={group.id}
                  size="lg"
                  minH="10"
                  data-checkbox-side={right ? "right" : "left"}
                  checked={chosen.has(group.id)}
                  onCheckedChange={(details) => onToggle(group.id, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  {right ? (
                    <>
                      <Checkbox.Label>{group.name}</Checkbox.Label>
                      <Checkbox.Control />
                    </>
                  ) : (
                    <>
                      <Checkbox.Control />
                      <Checkbox.Label>{group.name}</Checkbox.Label>
                    </>
                  )}
                </Checkbox.Root>
              );
            })}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** toggled is the set of chosen ids with groupId added or removed. */
export function toggled(chosen: ReadonlySet<number>, groupId: number, checked: boolean): Set<number> {
  const next = new Set(chosen);
  if (checked) next.add(groupId);
  else next.delete(groupId);
  return next;
}
