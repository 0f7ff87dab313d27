import { forwardRef, type PointerEvent, useImperativeHandle, useRef, useState } from "react";
import { canvasBlob } from "./lib/downscale.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";

export interface SignaturePadHandle {
  /** The drawn signature as PNG, or null when nothing was drawn. */
  toBlob(): Promise<Blob | null>;
  clear(): void;
}

/** A signature drawn with a finger or stylus (pointer events), kept as a PNG. */
export const SignaturePad = forwardRef<SignaturePadHandle>(function SignaturePad(_props, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  const context = () => {
    const element = canvas.current;
    const ctx = element?.getContext("2d");
    if (!element || !ctx) return null;
    // Drawn at the device's pixel ratio so the line stays sharp.
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(element.clientWidth * ratio);
    const height = Math.round(element.clientHeight * ratio);
    if (element.width !== width || element.height !== height) {
      element.width = width;
      element.height = height;
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, width, height);
    }
    ctx.lineWidth = 2.5 * ratio;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0b1220";
    return { ctx, ratio };
  };

  const pointAt = (event: PointerEvent<HTMLCanvasElement>, ratio: number) => {
    const box = event.currentTarget.getBoundingClientRect();
    return [(event.clientX - box.left) * ratio, (event.clientY - box.top) * ratio] as const;
  };

  function handlePointerDown(event: PointerEvent<HTMLCanvasElement>) {
    const drawn = context();
    if (!drawn) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const [x, y] = pointAt(event, drawn.ratio);
    drawn.ctx.beginPath();
    drawn.ctx.moveTo(x, y);
    drawn.ctx.lineTo(x + 0.1, y + 0.1);
    drawn.ctx.stroke();
  }

  function handlePointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const drawn = context();
    if (!drawn) return;
    const [x, y] = pointAt(event, drawn.ratio);
    drawn.ctx.lineTo(x, y);
    drawn.ctx.stroke();
    if (!signed) setSigned(true);
  }

  function handlePointerUp() {
    drawing.current = false;
  }

  function clear() {
    const element = canvas.current;
    const ctx = element?.getContext("2d");
    if (element && ctx) {
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, element.width, element.height);
    }
    setSigned(false);
  }

  useImperativeHandle(ref, () => ({
    toBlob: async () => (signed && canvas.current ? canvasBlob(canvas.current, "image/png") : null),
    clear,
  }));

  return (
    <div className="field">
      <span id="signature-label">{T.signature}</span>
      <canvas
        ref={canvas}
        className="signature"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-hint"
        data-testid="signature-pad"
        data-signed={signed ? "true" : "false"}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
      />
      <span id="signature-hint" className="muted">
        {T.signHere}
      </span>
      <button type="button" className="button small" onClick={clear} disabled={!signed}>
        {T.clearSignature}
      </button>
    </div>
  );
});
