import { Button, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { formatNumber } from "@/lib/format";
import { useDeleteWeight } from "../api/delete-weight";
import { useWeight } from "../api/get-weight";

/** WeightDeletePage asks to confirm deleting one weight entry, showing its weight and date. */
export function WeightDeletePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const weight = useWeight(id);
  const deletion = useDeleteWeight();

  return (
    <FormCard title="Delete Weight">
      {weight.isPending ? (
        <PageSpinner />
      ) : weight.isError ? (
        <ErrorAlert message={describeError(weight.error).message} />
      ) : (
        <Stack gap="5">
          <Text>Delete this weight from your log?</Text>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Weight</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatNumber(weight.data.weight)} {weight.data.unit}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Date</DataList.ItemLabel>
              <DataList.ItemValue>{weight.data.dateWeighedShortDate}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {deletion.isError && <ErrorAlert message={describeError(deletion.error).message} />}
          <HStack gap="3">
            <LinkButton to="/weight/list" variant="outline" size="lg" flex="1">
              Cancel
            </LinkButton>
            <Button
              colorPalette="red"
              size="lg"
              flex="1"
              loading={deletion.isPending}
              onClick={() => deletion.mutate(id, { onSuccess: () => navigate("/weight/list") })}
            >
              Confirm Delete
            </Button>
          </HStack>
        </Stack>
      )}
    </FormCard>
  );
}
