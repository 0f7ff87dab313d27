import { useEffect, useState } from "react";
import { pointOf } from "./lib/batching.ts";
import { readSetting, writeSetting } from "./lib/local-db.ts";
import { SyncStatus } from "./SyncStatus.tsx";
import { recordPosition } from "./sync.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";

const consentKey = (loadId: string) => `share:${loadId}`;

/**
 * Location sharing for one trip, only after the driver agrees (remembered on the phone for that
 * trip). While the trip is open the Geolocation API's readings are kept and batched (sync.ts).
 */
export function LocationShare({ loadId }: { loadId: string }) {
  const [agreed, setAgreed] = useState<boolean | null>(null);
  const [denied, setDenied] = useState(false);

  useEffect(() => {
    let live = true;
    void readSetting<boolean>(consentKey(loadId)).then((value) => live && setAgreed(value === true));
    return () => {
      live = false;
    };
  }, [loadId]);

  useEffect(() => {
    if (!agreed || !("geolocation" in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        setDenied(false);
        void recordPosition(loadId, pointOf(position));
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setDenied(true);
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [agreed, loadId]);

  function handleChange(share: boolean) {
    setAgreed(share);
    void writeSetting(consentKey(loadId), share || undefined);
  }

  return (
    <section className="card share" aria-labelledby="share-heading">
      <h2 id="share-heading">{T.shareTitle}</h2>
      {agreed === false && <p>{T.shareExplain}</p>}
      {denied && (
        <p role="alert" className="error">
          {T.shareDenied}
        </p>
      )}
      <SyncStatus sharing={agreed === true} />
      {agreed !== null && (
        <button
          type="button"
          className={agreed ? "button" : "button primary"}
          onClick={() => handleChange(!agreed)}
        >
          {agreed ? T.shareStop : T.shareStart}
        </button>
      )}
    </section>
  );
}
