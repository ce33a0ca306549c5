import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { CellKey, ScheduleRead, ScheduleUpdate } from "../../api/types";
import {
  createSchedule,
  deleteSchedule,
  getHistory,
  getSchedule,
  listFirings,
  listSchedules,
  previewCron,
  updateSchedule,
} from "./api";
import { scheduleKeys } from "./query-keys";

/** All schedules; refreshed every 15 s so next firings and last runs stay current. */
export function useSchedules() {
  return useQuery({ queryKey: scheduleKeys.list(), queryFn: listSchedules, refetchInterval: 15_000 });
}

export function useSchedule(scheduleId: number) {
  return useQuery({
    queryKey: scheduleKeys.detail(scheduleId),
    queryFn: () => getSchedule(scheduleId),
    enabled: Number.isInteger(scheduleId) && scheduleId > 0,
    refetchInterval: 15_000,
  });
}

export function useFirings(scheduleId: number) {
  return useQuery({
    queryKey: scheduleKeys.firings(scheduleId),
    queryFn: () => listFirings(scheduleId),
    enabled: Number.isInteger(scheduleId) && scheduleId > 0,
    refetchInterval: 15_000,
  });
}

/** The chosen cell's history; the previous chart stays up while another cell loads. */
export function useHistory(scheduleId: number, cell: CellKey | null) {
  return useQuery({
    queryKey: scheduleKeys.history(scheduleId, cell),
    queryFn: () => getHistory(scheduleId, cell!),
    enabled: cell !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** Live check of a cron expression; `cron` should already be debounced. */
export function useCronPreview(cron: string) {
  const text = cron.trim();
  return useQuery({
    queryKey: scheduleKeys.preview(text),
    queryFn: () => previewCron(text),
    enabled: text.length > 0,
    retry: false,
    staleTime: 30_000,
  });
}

function useStore() {
  const queryClient = useQueryClient();
  return (schedule: ScheduleRead) => {
    queryClient.setQueryData(scheduleKeys.detail(schedule.id), schedule);
    queryClient.setQueryData<ScheduleRead[]>(scheduleKeys.list(), (old) =>
      old ? old.map((s) => (s.id === schedule.id ? schedule : s)) : old,
    );
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.list() });
  };
}

export function useCreateSchedule() {
  const store = useStore();
  return useMutation({ mutationFn: createSchedule, onSuccess: store });
}

export function useUpdateSchedule() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ScheduleUpdate }) => updateSchedule(id, body),
    onSuccess: store,
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: scheduleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.list() });
    },
  });
}
