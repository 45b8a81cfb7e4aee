// An item's research: what ranks for its keyword, the questions searchers ask, the pages read as
// sources, and the results that were not read, with why in words.
import type { Schemas } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { recordMiss } from "../../i18n/misses";
import { planMessages } from "./messages";

type Research = NonNullable<Schemas["PlanItemDetail"]["research"]>;

/** Only http(s) addresses become links (they come from the search engine). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** An address as people read it: `rye bread`, not `rye%20bread`. */
function readableAddress(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function OutLink({ url, children }: { url: string; children: string }) {
  const { t } = useMessages(planMessages);
  const text = children.trim() || url;
  if (!isWebAddress(url)) return <>{text}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {text}
      <span className="visually-hidden"> {t("item.opensNewTab")}</span>
    </a>
  );
}

export function ItemResearch({ research }: { research: Research }) {
  return (
    <>
      <Results results={research.results} />
      <Questions questions={research.questions} related={research.relatedSearches} />
      <Sources sources={research.sources} />
      <Skipped skipped={research.skipped} />
    </>
  );
}

function Results({ results }: { results: Research["results"] }) {
  const { t, number } = useMessages(planMessages);
  const sorted = [...results].sort((a, b) => a.rank - b.rank);
  return (
    <section aria-labelledby="item-results-title">
      <h2 id="item-results-title">{t("item.results")}</h2>
      <p className="muted">{t("item.resultsIntro")}</p>
      {sorted.length === 0 ? (
        <p>{t("item.resultsNone")}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="stack-table research-results">
            <thead>
              <tr>
                <th scope="col">{t("item.rank")}</th>
                <th scope="col">{t("item.resultTitle")}</th>
                <th scope="col">{t("item.description")}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((result) => (
                <tr key={`${result.rank}-${result.url}`}>
                  <td className="item-number" data-label={t("item.rank")}>
                    {number(result.rank)}
                  </td>
                  <th scope="row" className="cell-name">
                    <OutLink url={result.url}>{result.title}</OutLink>
                    <span className="result-address">{readableAddress(result.url)}</span>
                  </th>
                  <td className="cell-wide" data-label={t("item.description")}>
                    {result.description || <span className="muted">{t("item.noDescription")}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Questions({ questions, related }: { questions: string[]; related: string[] }) {
  const { t } = useMessages(planMessages);
  return (
    <section className="card" aria-labelledby="item-questions-title">
      <h2 id="item-questions-title">{t("item.questions")}</h2>
      <p className="muted">{t("item.questionsIntro")}</p>
      {questions.length === 0 ? (
        <p>{t("item.questionsNone")}</p>
      ) : (
        <ul>
          {questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      )}
      {related.length > 0 ? (
        <>
          <h3>{t("item.related")}</h3>
          <ul className="term-list">
            {related.map((search) => (
              <li key={search}>{search}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Sources({ sources }: { sources: Research["sources"] }) {
  const { t, dateTime } = useMessages(planMessages);
  return (
    <section aria-labelledby="item-sources-title">
      <h2 id="item-sources-title">{t("item.sources")}</h2>
      {sources.length === 0 ? (
        <div className="notice notice-warning" role="status">
          {t("item.sourcesNone")}
        </div>
      ) : (
        <>
          <p className="muted">{t("item.sourcesIntro")}</p>
          <ol className="research-sources">
            {sources.map((source) => (
              <li key={source.id} className="card">
                <h3>
                  <span className="source-number">[{source.id}]</span> <OutLink url={source.url}>{source.title}</OutLink>
                </h3>
                <p className="muted">{t("item.readAt", { time: dateTime(source.fetchedAt) })}</p>
                {source.headings.length > 0 ? (
                  <>
                    <p className="source-headings-title">{t("item.headings")}</p>
                    <ul className="source-headings">
                      {source.headings.map((heading, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a page may repeat a heading; the list never changes
                        <li key={index} className={`heading-level-${Math.min(Math.max(heading.level, 1), 6)}`}>
                          {heading.text}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                {source.excerpt ? (
                  <details>
                    <summary>{t("item.excerpt")}</summary>
                    <p className="source-excerpt">{source.excerpt}</p>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Skipped({ skipped }: { skipped: Research["skipped"] }) {
  const { t } = useMessages(planMessages);
  const reasonText = useSkipReasonText();
  if (skipped.length === 0) return null;
  return (
    <section className="card" aria-labelledby="item-skipped-title">
      <h2 id="item-skipped-title">{t("item.skipped")}</h2>
      <p className="muted">{t("item.skippedIntro")}</p>
      <ul className="skipped-list">
        {skipped.map((entry) => (
          <li key={entry.url}>
            <span className="result-address">{readableAddress(entry.url)}</span>
            <span>{reasonText(entry.reason)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Why a result was not read, in words (the API's `skipped[].reason`, listed in its OpenAPI
 * description; web/test/research-words.test.ts checks each has words). An unknown reason is a
 * recorded catalogue miss, said as "not read".
 */
function useSkipReasonText(): (reason: string) => string {
  const { t, language } = useMessages(planMessages);
  return (reason) => {
    const key = `skipped.${reason}`;
    if (key in planMessages[language]) return t(key as keyof typeof planMessages.en);
    recordMiss("skipped", key, language);
    return t("item.skippedUnknown");
  };
}
