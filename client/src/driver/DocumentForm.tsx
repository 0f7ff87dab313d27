import { type FormEvent, useId, useRef, useState } from "react";
import { MAX_DOCUMENT_BYTES } from "../../../common/documents.ts";
import type { PodException } from "../../../common/driver.ts";
import { downscaleImage } from "./lib/downscale.ts";
import { POD_EXCEPTION_LABELS, POD_EXCEPTIONS, POD_NOTE_MAX, POD_RECEIVER_MAX } from "./lib/driver-values.ts";
import { SignaturePad, type SignaturePadHandle } from "./SignaturePad.tsx";
import { enqueue } from "./sync.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";

export interface DocumentFormProps {
  loadId: string;
  documentType: "BOL" | "POD";
}

/** A random key per upload (a UUID: 36 characters, well under the server's 200). */
function randomKey(): string {
  return crypto.randomUUID();
}

/**
 * A BOL photo at pickup, or the proof of delivery (photos, the receiver's signature and name,
 * exceptions with a note). Photos are downscaled on the phone; anything still over 10 MB is refused
 * here, before sending. The upload is queued (it survives going offline) and sent with an
 * Idempotency-Key so a retry never stores it twice.
 */
export function DocumentForm({ loadId, documentType }: DocumentFormProps) {
  const id = useId();
  const pod = documentType === "POD";
  const files = useRef<HTMLInputElement>(null);
  const signature = useRef<SignaturePadHandle>(null);
  const [receiverName, setReceiverName] = useState("");
  const [exceptions, setExceptions] = useState<PodException[]>([]);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const takenAt = new Date().toISOString();
    const chosen = [...(files.current?.files ?? [])];
    setBusy(true);
    try {
      const prepared: { blob: Blob; name: string }[] = [];
      for (const file of chosen) {
        const blob = file.type.startsWith("image/") ? await downscaleImage(file).catch(() => file) : file;
        if (blob.size > MAX_DOCUMENT_BYTES) {
          setMessage({ kind: "error", text: T.tooLarge(file.name) });
          return;
        }
        prepared.push({ blob, name: blob === file ? file.name : `${file.name.replace(/\.[^.]*$/, "")}.jpg` });
      }
      const signed = pod ? await signature.current?.toBlob() : null;
      if (prepared.length === 0 && !signed) {
        setMessage({ kind: "error", text: pod ? T.podNeedsSomething : T.bolNeedsPhoto });
        return;
      }
      // The first upload carries the POD's details and signature; further photos follow it.
      const first = prepared[0] ?? { blob: signed as Blob, name: "signature.png" };
      await enqueue({
        kind: "document",
        loadId,
        documentType,
        file: first.blob,
        fileName: first.name,
        takenAt,
        idempotencyKey: randomKey(),
        ...(pod
          ? {
              signature: prepared.length > 0 ? (signed ?? undefined) : undefined,
              receiverName: receiverName.trim() || undefined,
              exceptions,
              note: note.trim() || undefined,
            }
          : {}),
      });
      for (const extra of prepared.slice(1)) {
        await enqueue({
          kind: "document",
          loadId,
          documentType,
          file: extra.blob,
          fileName: extra.name,
          takenAt,
          idempotencyKey: randomKey(),
        });
      }
      if (files.current) files.current.value = "";
      signature.current?.clear();
      setReceiverName("");
      setExceptions([]);
      setNote("");
      setMessage({ kind: "done", text: T.queued });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="document-form">
      <summary className="button">{pod ? T.podTitle : T.bolTitle}</summary>
      <form className="stack" onSubmit={handleSubmit} aria-label={pod ? T.podTitle : T.bolTitle} noValidate>
        <label className="field">
          <span>{T.photos}</span>
          <input
            ref={files}
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            multiple={pod}
            aria-describedby={`${id}-photo-hint`}
            data-testid={`${documentType.toLowerCase()}-photos`}
          />
          <span id={`${id}-photo-hint`} className="muted">
            {T.takePhoto}
          </span>
        </label>
        {pod && (
          <>
            <SignaturePad ref={signature} />
            <label className="field">
              <span>{T.receiverName}</span>
              <input
                type="text"
                autoComplete="off"
                value={receiverName}
                onChange={(event) => setReceiverName(event.target.value)}
                maxLength={POD_RECEIVER_MAX}
              />
            </label>
            <fieldset className="field">
              <legend>{T.exceptions}</legend>
              {POD_EXCEPTIONS.map((exception) => (
                <label key={exception} className="check">
                  <input
                    type="checkbox"
                    checked={exceptions.includes(exception)}
                    onChange={(event) =>
                      setExceptions((current) =>
                        event.target.checked
                          ? [...current, exception]
                          : current.filter((value) => value !== exception),
                      )
                    }
                  />
                  <span>{POD_EXCEPTION_LABELS[exception]}</span>
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span>{T.note}</span>
              <textarea
                rows={3}
                value={note}
                maxLength={POD_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
          </>
        )}
        {message && (
          <p
            role={message.kind === "error" ? "alert" : "status"}
            className={message.kind === "error" ? "error" : "done"}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? T.preparing : pod ? T.sendPod : T.sendBol}
        </button>
      </form>
    </details>
  );
}
