import { api, expectData } from "../../api/client";
import type { SampleRead, TableSampleCreate } from "../../api/types";

export async function listSamples(): Promise<SampleRead[]> {
  return expectData(await api.GET("/api/v1/samples"));
}

export interface UploadOutcome {
  sample: SampleRead;
  /** False when the same content was already stored (the API answers 200 with that sample). */
  created: boolean;
}

/** Uploads a file (multipart `file`, optional `name`); 413 too large and 422 empty throw ApiError. */
export async function uploadSample(file: File, name?: string): Promise<UploadOutcome> {
  const result = await api.POST("/api/v1/samples", {
    // The generated type calls the file part a string (binary); the serializer sends the File.
    body: { file: file.name, name: name?.trim() || null },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append("file", file);
      if (body.name) form.append("name", body.name);
      return form;
    },
  });
  return { sample: expectData(result), created: result.response.status === 201 };
}

/** Reads a sample from a column of an existing table on a target (read-only on the target). */
export async function sampleFromTable(targetId: number, body: TableSampleCreate): Promise<SampleRead> {
  return expectData(
    await api.POST("/api/v1/targets/{target_id}/samples", { params: { path: { target_id: targetId } }, body }),
  );
}

export async function deleteSample(sampleId: number): Promise<void> {
  await api.DELETE("/api/v1/samples/{sample_id}", { params: { path: { sample_id: sampleId } } });
}
