import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { AppLink } from "@/components/ui/link";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { loadUser, useUser } from "../api/get-me";
import { useRegister } from "../api/register";
import {
  emptySignupForm,
  stepOneFields,
  stepTwoFields,
  toRegistration,
  type SignupFormValues,
} from "../components/signup-form-values";
import { SignupStepOne } from "../components/signup-step-one";
import { SignupStepTwo } from "../components/signup-step-two";

/**
 * SignupPage registers a new user in two steps: personal details, then e-mail, password and
 * agreement. A signed-in user is sent to /dashboard.
 */
export function SignupPage() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const registration = useRegister();
  const [step, setStep] = useState<1 | 2>(1);
  const [registered, setRegistered] = useState(false);
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const form = useForm<SignupFormValues>({ defaultValues: emptySignupForm });

  if (user && !registered) return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    if (step === 1) {
      setStep(2);
      return;
    }
    setFailure(null);
    try {
      await registration.mutateAsync(toRegistration(values));
      setRegistered(true);
      await loadUser(queryClient);
    } catch (error) {
      const summary = applyServerErrors(error, form.setError, [...stepOneFields, ...stepTwoFields]);
      setFailure(summary);
      if (summary.fieldsWithErrors.some((field) => (stepOneFields as readonly string[]).includes(field))) {
        setStep(1);
      }
      return;
    }
    await navigate("/verify");
  });

  return (
    <FormCard title="Sign up">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Sign up">
          <Stack gap="5">
            <Text fontWeight="semibold" color="brand.fg">
              {step === 1 ? "Step 1 of 2" : "Step 2 of 2"}
            </Text>
            {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
            {step === 1 ? <SignupStepOne /> : <SignupStepTwo />}
            {step === 1 ? (
              <Button type="submit" colorPalette="brand" size="lg">
                Next
              </Button>
            ) : (
              <HStack gap="3">
                <Button type="button" variant="outline" size="lg" flex="1" onClick={() => setStep(1)}>
                  Back
                </Button>
                <Button type="submit" colorPalette="brand" size="lg" flex="1" loading={form.formState.isSubmitting}>
                  Finish
                </Button>
              </HStack>
            )}
            <AppLink to="/signin" py="2">
              Already have an account? Login
            </AppLink>
          </Stack>
        </form>
      </FormProvider>
    </FormCard>
  );
}
