import { Button, HStack, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { GenderAndBirthFields, NameFields } from "@/features/account";
import { describeError } from "@/lib/error-messages";
import { applyServerErrors, type FormErrorSummary } from "@/lib/form-errors";
import { useEditProfile } from "../api/edit-profile";
import { useProfile } from "../api/get-profile";
import type { ProfileDetails } from "../api/types";
import { AvatarPicker } from "../components/avatar-picker";
import { toFormValues, toProfileDetails, type ProfileFormValues } from "../components/profile-form-values";

/** ProfileEditPage is the "Your Details" form; Save returns to the profile, Cancel to /profile/view. */
export function ProfileEditPage() {
  const profile = useProfile();
  return (
    <FormCard title="Your Details">
      {profile.isPending ? (
        <PageSpinner />
      ) : profile.isError ? (
        <ErrorAlert message={describeError(profile.error).message} />
      ) : (
        <ProfileForm details={profile.data} />
      )}
    </FormCard>
  );
}

const fields = [
  "firstName",
  "surname",
  "dateOfBirth",
  "gender",
  "displayName",
  "dashboardChart",
  "icon",
  "height",
] as const;

function ProfileForm({ details }: { details: ProfileDetails }) {
  const navigate = useNavigate();
  const editProfile = useEditProfile();
  const [failure, setFailure] = useState<FormErrorSummary | null>(null);
  const form = useForm<ProfileFormValues>({ defaultValues: toFormValues(details) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await editProfile.mutateAsync(toProfileDetails(values));
    } catch (error) {
      setFailure(applyServerErrors(error, setError, fields));
      return;
    }
    await navigate("/profile/view");
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {failure && <ErrorAlert message={failure.message} details={failure.otherErrors} />}
          <NameFields />
          <GenderAndBirthFields optional={false} />
          <FormField label="Display name" error={errors.displayName?.message}>
            <Input size="lg" autoComplete="nickname" {...register("displayName")} />
          </FormField>
          <AvatarPicker field={register("icon")} />
          {errors.icon?.message && <ErrorAlert message={errors.icon.message} />}
          <FormField label="Dashboard chart" error={errors.dashboardChart?.message}>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field {...register("dashboardChart")}>
                <option value="Duration">Duration</option>
                <option value="Weight">Weight</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Height (cm)" error={errors.height?.message}>
            <Input type="number" step="1" inputMode="numeric" size="lg" {...register("height")} />
          </FormField>
          <HStack gap="3">
            <LinkButton to="/profile/view" variant="outline" size="lg" flex="1">
              Cancel
            </LinkButton>
            <Button type="submit" colorPalette="brand" size="lg" flex="1" loading={isSubmitting}>
              Save
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}
