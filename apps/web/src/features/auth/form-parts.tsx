import type { ReactNode } from 'react';

/** The failure of a form's call, read out when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="form-alert">
      {children}
    </p>
  );
}

/** A confirmation after a form succeeded. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="form-success">
      {children}
    </p>
  );
}
