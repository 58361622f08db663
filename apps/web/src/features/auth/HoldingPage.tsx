import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Single-auth holding pages: the OpenID Connect sign-in runs its post-authentication tasks here. */
export function HoldingPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p>
        Signing in through your organisation&apos;s identity provider is not switched on for this portal yet. Use the
        username and password sign-in instead.
      </p>
    </>
  );
}
