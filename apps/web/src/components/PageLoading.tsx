/** The text shown while a page loads (route data, lazy code, the tenant). */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}
