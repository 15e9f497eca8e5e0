import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "@/test/render";
import { ContactPage } from "./contact-page";
import { HomePage } from "./home-page";
import { TermsPage } from "./terms-page";

describe("static pages", () => {
  it("home has four sections, each with its sign-up button to /signup", () => {
    renderPage(<HomePage />, { path: "/home" });

    expect(screen.getAllByRole("region")).toHaveLength(4);
    for (const name of ["Sign Up", "Get Started", "Start now!", "Try it"]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", "/signup");
    }
    expect(screen.getByText(/free for personal use/)).toBeInTheDocument();
    expect(screen.getByText(/there is no app to install/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Log sets while you rest" })).toBeInTheDocument();
  });

  it("terms are effective 4th January 2024 and governed by UK law", () => {
    renderPage(<TermsPage />, { path: "/terms" });

    expect(screen.getByText("Effective 4th January 2024")).toBeInTheDocument();
    expect(screen.getByText(/governed by UK law/)).toBeInTheDocument();
  });

  it("contact gives e-mail support, a reply within 48 hours and the business hours", () => {
    renderPage(<ContactPage />, { path: "/contact" });

    expect(screen.getByRole("link", { name: "support@gymlog.local" })).toHaveAttribute("href", "mailto:support@gymlog.local");
    expect(screen.getByText(/reply within 48 hours/)).toBeInTheDocument();
    expect(screen.getByText("Monday to Friday 9:00 to 17:00 GMT.")).toBeInTheDocument();
  });
});
