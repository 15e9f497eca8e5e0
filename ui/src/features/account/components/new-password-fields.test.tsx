import { Button } from "@chakra-ui/react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "@/test/render";
import { NewPasswordFields, type NewPasswordValues } from "./new-password-fields";

function PasswordForm({ onSave }: { onSave: (values: NewPasswordValues) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({ defaultValues: { newPassword: "", confirmPassword: "" } });
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <NewPasswordFields register={register} errors={errors} confirmLabel="Confirm it" confirmRequired="Please confirm it" />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe("NewPasswordFields", () => {
  it("asks for both passwords, with the criteria between them", async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderPage(<PasswordForm onSave={onSave} />, { path: "/password" });

    expect(screen.getByText("Your password needs:")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Please enter a new password")).toBeInTheDocument();
    expect(screen.getByText("Please confirm it")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("hands both to the form as typed", async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderPage(<PasswordForm onSave={onSave} />, { path: "/password" });

    expect(screen.getByLabelText("New password")).toHaveAttribute("autocomplete", "new-password");
    await user.type(screen.getByLabelText("New password"), "Secret123");
    await user.type(screen.getByLabelText("Confirm it"), "Secret123");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(onSave).toHaveBeenCalledWith({ newPassword: "Secret123", confirmPassword: "Secret123" }, expect.anything());
  });
});
