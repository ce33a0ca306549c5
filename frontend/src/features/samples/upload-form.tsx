import { useRef, useState, type FormEvent } from "react";

import { ErrorMessage } from "../../components/error-message";
import { formatBytes } from "../../lib/format";
import { uploadMessage } from "./sample-text";
import { useUploadSample } from "./use-samples";

/** Upload a file of one's own data; the server caps the size and stores each content once. */
export function UploadForm() {
  const upload = useUploadSample();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setMessage(null);
    upload.mutate(
      { file, name },
      {
        onSuccess: ({ sample, created }) => {
          setMessage(uploadMessage(sample, created));
          setFile(null);
          setName("");
          if (fileInput.current) fileInput.current.value = "";
        },
      },
    );
  };

  return (
    <form className="card form" onSubmit={onSubmit} data-testid="sample-upload-form">
      <h2>Upload a sample</h2>
      <p className="muted">
        A file of your own data — rows exported from a table, documents, images. Runs cut blobs of
        each size from it, so ratios and speeds are those of your data.
      </p>
      <div className="form-grid">
        <label className="field">
          <span className="field-label">File</span>
          <input
            ref={fileInput}
            type="file"
            required
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="sample-file-input"
          />
          {file ? <span className="field-hint">{formatBytes(file.size)}</span> : null}
        </label>
        <label className="field">
          <span className="field-label">Name (optional)</span>
          <input
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            placeholder={file?.name ?? "the file's name"}
            data-testid="sample-name-input"
          />
        </label>
      </div>
      <ErrorMessage error={upload.error} testId="sample-upload-error" />
      {message ? (
        <p className="success-message" role="status" data-testid="sample-upload-success">
          {message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!file || upload.isPending} data-testid="sample-upload-submit">
          {upload.isPending ? "Uploading…" : "Upload"}
        </button>
      </div>
    </form>
  );
}
