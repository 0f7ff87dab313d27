import { type FormEvent, useState } from "react";
import { ApiError, OfflineError, signInCarrier } from "./api.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";

/** A carrier user signs in (platform mobile) to see all their carrier's trips. */
export function SignInScreen() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInCarrier(email, password);
    } catch (failure) {
      if (failure instanceof OfflineError) setError("You are offline. Connect and try again.");
      else if (failure instanceof ApiError) setError(failure.message);
      else setError("Could not sign in. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page">
      <h1>{T.appName}</h1>
      <p>{T.signInIntro}</p>
      <form className="card stack" onSubmit={handleSubmit} noValidate>
        <h2>{T.signInTitle}</h2>
        <label className="field">
          <span>{T.email}</span>
          <input
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{T.password}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? T.signingIn : T.signIn}
        </button>
      </form>
    </main>
  );
}
