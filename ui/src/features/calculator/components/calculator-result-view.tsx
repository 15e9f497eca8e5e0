import { Card, DataList, Heading, SimpleGrid, Stack, Stat, Table, Text } from "@chakra-ui/react";
import type { CalculatorResult, Macros, Meal } from "../api/types";
import { mealTotals } from "./meal-totals";

const mealTitles: Record<Meal["meal"], string> = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner" };

/** CalculatorResultView shows the target calories, the day's macros and the three meals. */
export function CalculatorResultView({ result }: { result: CalculatorResult }) {
  return (
    <Stack gap="6" as="section" aria-label="Your results">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Stat.Root borderWidth="1px" rounded="md" p="4">
          <Stat.Label>Target calories</Stat.Label>
          <Stat.ValueText data-testid="target-calories">{result.targetCalories} kcal</Stat.ValueText>
          <Stat.HelpText as="dd">per day</Stat.HelpText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="md" p="4">
          <Stat.Label>Maintenance calories</Stat.Label>
          <Stat.ValueText data-testid="maintenance-calories">{result.maintenanceCalories} kcal</Stat.ValueText>
          <Stat.HelpText as="dd">per day</Stat.HelpText>
        </Stat.Root>
      </SimpleGrid>
      <Stack gap="2">
        <Heading as="h2" size="lg">
          Daily macros
        </Heading>
        <MacroList macros={result.macros} label="Daily macros" />
      </Stack>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          Meal suggestions
        </Heading>
        {result.meals.map((meal) => (
          <MealCard key={meal.meal} meal={meal} />
        ))}
      </Stack>
    </Stack>
  );
}

function MacroList({ macros, label }: { macros: Macros; label: string }) {
  return (
    <DataList.Root orientation="horizontal" aria-label={label}>
      <DataList.Item>
        <DataList.ItemLabel>Protein</DataList.ItemLabel>
        <DataList.ItemValue>{macros.protein} g</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Carbs</DataList.ItemLabel>
        <DataList.ItemValue>{macros.carbs} g</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Fat</DataList.ItemLabel>
        <DataList.ItemValue>{macros.fat} g</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

function MealCard({ meal }: { meal: Meal }) {
  const title = mealTitles[meal.meal];
  const totals = mealTotals(meal.ingredients);
  return (
    <Card.Root variant="outline" as="article" aria-label={title}>
      <Card.Header>
        <Heading as="h3" size="md">
          {title}: {meal.name}
        </Heading>
        <Text color="fg.muted">
          Target {meal.calories} kcal · the ingredients below add up to {totals.calories} kcal
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        <MacroList macros={meal.macros} label={`${title} macros`} />
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={`${title} ingredients`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Ingredient</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">kcal</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" display={{ base: "none", sm: "table-cell" }}>
                  Protein
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" display={{ base: "none", sm: "table-cell" }}>
                  Carbs
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" display={{ base: "none", sm: "table-cell" }}>
                  Fat
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {meal.ingredients.map((ingredient) => (
                <Table.Row key={ingredient.name}>
                  <Table.Cell>{ingredient.name}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {ingredient.amount} {ingredient.unit}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{ingredient.calories}</Table.Cell>
                  <MacroCells macros={ingredient} />
                </Table.Row>
              ))}
            </Table.Body>
            <Table.Footer>
              <Table.Row fontWeight="semibold">
                <Table.Cell>Total</Table.Cell>
                <Table.Cell />
                <Table.Cell textAlign="end">{totals.calories}</Table.Cell>
                <MacroCells macros={totals} />
              </Table.Row>
            </Table.Footer>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}

/** MacroCells are the protein, carbs and fat cells of an ingredients row, hidden on small screens. */
function MacroCells({ macros }: { macros: Macros }) {
  return (
    <>
      {([macros.protein, macros.carbs, macros.fat] as const).map((grams, index) => (
        <Table.Cell key={index} textAlign="end" display={{ base: "none", sm: "table-cell" }}>
          {grams} g
        </Table.Cell>
      ))}
    </>
  );
}
