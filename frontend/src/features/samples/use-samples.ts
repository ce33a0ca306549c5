import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { SampleRead, TableSampleCreate } from "../../api/types";
import { deleteSample, listSamples, sampleFromTable, uploadSample } from "./api";
import { sampleKeys } from "./query-keys";

export function useSamples() {
  return useQuery({ queryKey: sampleKeys.list(), queryFn: listSamples });
}

function useAddToList() {
  const queryClient = useQueryClient();
  return (sample: SampleRead) => {
    queryClient.setQueryData<SampleRead[]>(sampleKeys.list(), (old) =>
      old ? [...old.filter((s) => s.id !== sample.id), sample] : [sample],
    );
    void queryClient.invalidateQueries({ queryKey: sampleKeys.all });
  };
}

export function useUploadSample() {
  const add = useAddToList();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name?: string }) => uploadSample(file, name),
    onSuccess: (outcome) => add(outcome.sample),
  });
}

export function useSampleFromTable() {
  const add = useAddToList();
  return useMutation({
    mutationFn: ({ targetId, body }: { targetId: number; body: TableSampleCreate }) => sampleFromTable(targetId, body),
    onSuccess: add,
  });
}

export function useDeleteSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSample,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sampleKeys.all }),
  });
}
