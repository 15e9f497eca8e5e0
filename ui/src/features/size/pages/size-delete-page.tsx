import { Button, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { useNavigate, useParams } from "react-router";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormCard } from "@/components/ui/form-card";
import { LinkButton } from "@/components/ui/link";
import { PageSpinner } from "@/components/ui/page-spinner";
import { describeError } from "@/lib/error-messages";
import { formatNumber } from "@/lib/format";
import { useDeleteSize } from "../api/delete-size";
import { useSize } from "../api/get-size";

/** SizeDeletePage asks to confirm deleting one measurement, showing its category, cm and date. */
export function SizeDeletePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const size = useSize(id);
  const deletion = useDeleteSize();

  return (
    <FormCard title="Delete Measurement">
      {size.isPending ? (
        <PageSpinner />
      ) : size.isError ? (
        <ErrorAlert message={describeError(size.error).message} />
      ) : (
        <Stack gap="5">
          <Text>Delete this measurement from your log?</Text>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Category</DataList.ItemLabel>
              <DataList.ItemValue>{size.data.category}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Measurement</DataList.ItemLabel>
              <DataList.ItemValue>{formatNumber(size.data.measurement)} cm</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Date</DataList.ItemLabel>
              <DataList.ItemValue>{size.data.dateMeasuredShortDate}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {deletion.isError && <ErrorAlert message={describeError(deletion.error).message} />}
          <HStack gap="3">
            <LinkButton to={`/size/list/${size.data.category}`} variant="outline" size="lg" flex="1">
              Cancel
            </LinkButton>
            <Button
              colorPalette="red"
              size="lg"
              flex="1"
              loading={deletion.isPending}
              onClick={() =>
                deletion.mutate(
                  { id, category: size.data.category },
                  { onSuccess: () => navigate(`/size/list/${size.data.category}`) },
                )
              }
            >
              Confirm Delete
            </Button>
          </HStack>
        </Stack>
      )}
    </FormCard>
  );
}
