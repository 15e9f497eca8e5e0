import { Alert, Button, HStack, Input, Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { AppLink } from "@/components/ui/link";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiError } from "@/lib/api-client";
import { loadUser } from "../api/get-me";
import { useLogin, type Credentials } from "../api/login";
import { signinNotice } from "../components/signin-notice";

/** The spec waits this long after signing in before it leaves the page. */
const redirectDelayMs = 100;

/** SigninPage is the Login form, under the confirmation a page sent the user here with (a new password). */
export function SigninPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notice = signinNotice(useLocation().state);
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      await login.mutateAsync(credentials);
      const user = await loadUser(queryClient);
      await new Promise((resolve) => setTimeout(resolve, redirectDelayMs));
      await navigate(user && user.sessions.length > 0 ? "/dashboard" : "/start-workout");
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 401
          ? "Invalid credentials"
          : "An error occurred while trying to login",
      );
    }
  });

  return (
    <FormCard title="Login">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {notice && !failure && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          )}
          {failure && <ErrorAlert message={failure} />}
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" size="lg" autoComplete="email" {...register("email", { required: "Email is required" })} />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...register("password", { required: "Password is required" })}
            />
          </FormField>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            Login
          </Button>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <AppLink to="/signup" py="2">
              No account yet? Sign up
            </AppLink>
            <AppLink to="/forgot-password" py="2">
              Forgot password?
            </AppLink>
          </HStack>
        </Stack>
      </form>
    </FormCard>
  );
}
