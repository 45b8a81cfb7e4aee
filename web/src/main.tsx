import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { ApiError } from "./api/client";
import { common } from "./i18n/common";
import { LanguageProvider, useMessages } from "./i18n/language";
import { sessionQuery } from "./lib/session";
import { articleIdOf, startArticlePage } from "./screens/articles/article-queries";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A 4xx will not change on retry; a lost connection or a 5xx may.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// The page loads only its own code: a client opening an approval link (on a phone, often) gets the
// approval screen, not the panel; the panel's code loads while the session is asked for.
const APPROVAL_PATH = /^\/approve\/([^/]+)$/;
const approval = APPROVAL_PATH.exec(window.location.pathname);
const App = lazy(() => import("./app").then((module) => ({ default: module.App })));
const ApproveScreen = lazy(() => import("./screens/approve/approve").then((module) => ({ default: module.ApproveScreen })));
if (!approval) void queryClient.prefetchQuery(sessionQuery);
// An article's page (opened from a link or reloaded) asks for its reads and its screen's code now,
// alongside the session and the panel's code, rather than one after the other.
const articleId = approval ? null : articleIdOf(window.location.pathname);
if (articleId !== null) {
  startArticlePage(queryClient, articleId, window.location.search);
  void import("./app");
  void import("./screens/articles/article");
}

/** What shows while the page's code loads. */
function Starting() {
  const { t } = useMessages(common);
  return (
    <p className="muted" role="status">
      {t("state.loading")}
    </p>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <Suspense fallback={<Starting />}>{approval ? <ApproveScreen token={approval[1]!} /> : <App />}</Suspense>
      </LanguageProvider>
    </QueryClientProvider>
  </StrictMode>,
);
