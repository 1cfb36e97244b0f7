import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';

// The notice and its texts load only when a verification link brought the visitor here.
const EmailVerifiedNotice = lazy(() =>
  import('./email-verified-notice').then((module) => ({ default: module.EmailVerifiedNotice })),
);

/** Says the outcome of the e-mail verification link when the address carries it (?emailVerified=). */
export function EmailVerifiedOutcome() {
  const [params] = useSearchParams();
  if (!params.has('emailVerified')) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerifiedNotice />
    </Suspense>
  );
}
