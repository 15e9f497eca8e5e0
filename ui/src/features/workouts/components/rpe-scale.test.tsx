import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { system } from "@/app/theme";
import { RpeScale } from "./rpe-scale";

const tooltips = ["Easy 1/10", "Easy 2/10", "Easy 3/10", "4/10", "5/10", "6/10", "Hard 7/10", "Hard 8/10", "Hard 9/10", "Hard 10/10"];

describe("RpeScale", () => {
  it("names each face with its tooltip and draws it as an SVG icon, not an emoji", () => {
    render(
      <ChakraProvider value={system}>
        <RpeScale value={null} onChange={() => {}} />
      </ChakraProvider>,
    );

    const faces = screen.getAllByRole("radio");
    expect(faces.map((face) => face.getAttribute("aria-label"))).toEqual(tooltips);
    faces.forEach((face, index) => {
      expect(face.querySelector("svg")).not.toBeNull();
      // Only the number is text: an emoji would show as an empty box without an emoji font.
      expect(face).toHaveTextContent(new RegExp(`^${index + 1}$`));
    });
  });

  it("checks the chosen RPE and reports a tap", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ChakraProvider value={system}>
        <RpeScale value={7} onChange={onChange} />
      </ChakraProvider>,
    );

    expect(screen.getByText("RPE: 7/10")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Hard 7/10" })).toHaveAttribute("aria-checked", "true");
    await user.click(screen.getByRole("radio", { name: "Easy 2/10" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
