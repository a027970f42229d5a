import { useQueryClient } from "@tanstack/react-query";
import { FileUp, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";

import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MIME, declaresPdf } from "../../../domain/certificates.ts";
import { ERR } from "../../../domain/errors.ts";
import { cn } from "../../lib/cn.ts";
import { errorMessage, UploadError } from "../../lib/errors.ts";
import { formatPercent } from "../../lib/format.ts";
import { isolate } from "../../lib/locale.ts";
import { translate } from "../../lib/messages.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Progress } from "../ui/progress.tsx";
import { uploadCertificate } from "./upload-certificate.ts";

/** The same first checks the server makes, so an obvious mistake needs no round trip. */
function precheck(file: File): string | null {
  if (!declaresPdf(file.name, file.type)) return ERR.certificatePdfOnly;
  if (file.size > CERTIFICATE_MAX_BYTES) return ERR.certificateTooLarge;
  return null;
}

function rejectionKey(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === "file-too-large") return ERR.certificateTooLarge;
  if (code === "file-invalid-type") return ERR.certificatePdfOnly;
  return ERR.certificateMissing;
}

/**
 * Drag a PDF onto the zone or pick one; it uploads at once with a progress bar, then the certificate
 * list refreshes. Used on /settings and on onboarding step 3.
 */
export function CertificateUpload({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File) => {
    const problem = precheck(file);
    if (problem) {
      setError(translate(problem));
      toastError(null, translate(problem));
      return;
    }
    setError(undefined);
    setUpload({ name: file.name, percent: 0 });
    abort.current = new AbortController();
    try {
      await uploadCertificate(file, {
        signal: abort.current.signal,
        onProgress: (percent) => setUpload({ name: file.name, percent }),
      });
      await queryClient.invalidateQueries({ queryKey: trpc.certificates.list.queryKey() });
      toastSuccess(m.certificates_uploaded());
    } catch (failure) {
      if (failure instanceof UploadError && failure.aborted) return; // the page went away
      const text = failure instanceof UploadError && failure.code ? errorMessage(failure) : m.certificates_upload_failed();
      setError(text);
      toastError(failure, text);
    } finally {
      setUpload(null);
    }
  };

  const dropzone = useDropzone({
    accept: { [CERTIFICATE_MIME]: [".pdf"] },
    multiple: false,
    maxSize: CERTIFICATE_MAX_BYTES,
    noClick: true,
    noKeyboard: true,
    disabled: upload !== null,
    onDropAccepted: ([file]) => {
      if (file) void send(file);
    },
    onDropRejected: ([rejection]) => {
      if (!rejection) return;
      const text = translate(rejectionKey(rejection));
      setError(text);
      toastError(null, text);
    },
  });

  return (
    <div className={cn("grid gap-2", className)}>
      <div
        {...dropzone.getRootProps({
          className: cn(
            "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-5 text-center transition-colors",
            dropzone.isDragActive ? "border-primary bg-primary/5" : "border-input bg-muted/30",
            error && !dropzone.isDragActive && "border-destructive/60",
          ),
        })}
        data-testid="certificate-dropzone"
      >
        <input {...dropzone.getInputProps()} data-testid="certificate-file-input" aria-label={m.certificates_choose_file()} />
        <FileUp aria-hidden className="size-8 text-muted-foreground" />
        {upload ? (
          <div className="grid w-full max-w-sm gap-2" role="status">
            <p className="truncate text-sm font-medium" data-testid="certificate-upload-status">
              {m.certificates_upload_progress({ name: isolate(upload.name), percent: formatPercent(upload.percent) })}
            </p>
            <Progress value={upload.percent} aria-label={m.certificates_uploading()} data-testid="certificate-upload-progress" />
          </div>
        ) : (
          <>
            <p className="text-sm font-medium">
              {dropzone.isDragActive ? m.certificates_drop_active() : m.certificates_drop_hint()}
            </p>
            <p className="text-xs text-muted-foreground">{m.certificates_limits_hint()}</p>
            <Button type="button" variant="outline" size="sm" onClick={dropzone.open} data-testid="certificate-choose">
              <Upload aria-hidden />
              {m.certificates_choose_file()}
            </Button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="certificate-upload-error">
          {error}
        </p>
      )}
    </div>
  );
}
