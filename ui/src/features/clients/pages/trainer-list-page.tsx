import { Heading, Stack } from "@chakra-ui/react";
import { usePageParam } from "@/lib/page-param";
import { useAnswerTrainer } from "../api/answer-trainer";
import { useTrainers } from "../api/get-trainers";
import { PagedList } from "../components/paged-list";
import { TrainerTable } from "../components/trainer-table";

/** TrainerListPage lists the user's trainers (/trainer), 9 a page; requests are accepted or rejected here. */
export function TrainerListPage() {
  const [page, setPage] = usePageParam();
  const trainers = useTrainers(page);
  const answer = useAnswerTrainer();

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Trainers
      </Heading>
      <PagedList
        query={trainers}
        page={page}
        onPageChange={setPage}
        emptyText="Trainers who add you as a client will be listed here."
      >
        {(rows) => (
          <TrainerTable
            trainers={rows}
            answering={answer.isPending}
            onAnswer={(trainer, accept) => answer.mutate({ id: trainer.id, accept })}
          />
        )}
      </PagedList>
    </Stack>
  );
}
