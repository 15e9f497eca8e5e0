import { Button, HStack } from "@chakra-ui/react";
import { NavLink } from "react-router";
import { sizeCategories } from "../api/types";

/** CategoryNav switches the size log between body parts. */
export function CategoryNav() {
  return (
    <HStack as="nav" aria-label="Size categories" wrap="wrap" gap="2">
      {sizeCategories.map((category) => (
        <Button
          key={category}
          asChild
          variant="outline"
          size="md"
          _currentPage={{ bg: "brand.solid", color: "brand.contrast", borderColor: "brand.solid" }}
        >
          <NavLink to={`/size/list/${category}`}>{category}</NavLink>
        </Button>
      ))}
    </HStack>
  );
}
