/** What the app shows in the main content while a page's data or code loads. */
const LOADING_PLACEHOLDER = '#main-content .page-loading';
/** Long enough for the new page's effects (its document title) to have run. */
const SETTLE_MS = 50;
const MAX_WAIT_MS = 10_000;

/**
 * Calls back once the page shown after a navigation has settled: no loading placeholder in the main
 * content, and the document title unchanged for a moment. Returns a cancel function.
 */
export function afterPageSettles(callback: () => void, page: Document = document): () => void {
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let loading = true;
  const settleSoon = () => {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(finish, SETTLE_MS);
  };
  const onContentChange = () => {
    const nowLoading = page.querySelector(LOADING_PLACEHOLDER) !== null;
    if (nowLoading === loading) return;
    loading = nowLoading;
    if (loading) clearTimeout(settleTimer);
    else settleSoon();
  };
  const onTitleChange = () => {
    if (!loading) settleSoon();
  };
  const contentObserver = new MutationObserver(onContentChange);
  contentObserver.observe(page.body, { childList: true, subtree: true });
  const titleObserver = new MutationObserver(onTitleChange);
  titleObserver.observe(page.head, { childList: true, subtree: true, characterData: true });
  const giveUpTimer = setTimeout(finish, MAX_WAIT_MS);
  const stop = () => {
    contentObserver.disconnect();
    titleObserver.disconnect();
    clearTimeout(settleTimer);
    clearTimeout(giveUpTimer);
  };
  function finish() {
    stop();
    callback();
  }
  onContentChange();
  return stop;
}
