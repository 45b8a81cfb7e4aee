// The brief tab: every field of BriefRequest, each with its limit counted as it is typed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { api, ApiError, unwrap, type Schemas } from "../../api/client";
import { CheckField, ErrorNotice, fieldError, LengthCounter, Loading, Notice, TextArea, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { siteMessages } from "./messages";
import { GATE_DEFAULTS, QualityGateFields, type QualityGate } from "./quality-gate-fields";
import { briefKey } from "./shared";
import { BriefRead } from "./brief-read";
import { useRole } from "../../lib/current-member";

/** The maxLength and maxItems of the BriefRequest schema. */
const LIMITS = { business: 5000, audience: 1000, tone: 500, topic: 200, topics: 50, notes: 4000, name: 200, url: 2048 } as const;

type Brief = Schemas["SiteBrief"];
interface Topic {
  /** A stable key for the row while topics are added and removed. */
  key: number;
  text: string;
}

/** `byline`: the author WordPress shows on the site's posts (blog sites; the site's `seo.byline`), null when unknown or not a blog. */
export function BriefTab({ siteId, byline = null }: { siteId: string; byline?: string | null }) {
  const { t } = useMessages(siteMessages);
  const brief = useQuery({
    queryKey: briefKey(siteId),
    queryFn: () => unwrap(api.GET("/api/sites/{siteId}/brief", { params: { path: { siteId } } })),
  });
  // Changing the brief is for editors and up.
  const mayEdit = useRole().can("publish", siteId);
  return (
    <section aria-labelledby="brief-title">
      <h2 id="brief-title">{t("brief.title")}</h2>
      <p>
        {t("brief.intro")} <Link href={`/sites/${siteId}?tab=chat`}>{t("brief.chatLink")}</Link>
      </p>
      {brief.isPending ? <Loading /> : null}
      <ErrorNotice error={brief.error} onRetry={() => void brief.refetch()} />
      {/* The form starts from the loaded brief once; later reloads never overwrite what is being typed. */}
      {brief.data && mayEdit ? <BriefForm key={siteId} siteId={siteId} initial={brief.data} byline={byline} /> : null}
      {brief.data && !mayEdit ? <BriefRead brief={brief.data} /> : null}
    </section>
  );
}

/** A name as the API compares it with the byline (src/sites/byline.ts): trimmed, runs of white space as one space. */
const sameName = (name: string) => name.trim().replace(/\s+/g, " ");

function BriefForm({ siteId, initial, byline }: { siteId: string; initial: Brief; byline: string | null }) {
  const { t, dateTime } = useMessages(siteMessages);
  const queryClient = useQueryClient();
  const [business, setBusiness] = useState(initial.business ?? "");
  const [audience, setAudience] = useState(initial.audience ?? "");
  const [tone, setTone] = useState(initial.tone ?? "");
  const [notes, setNotes] = useState(initial.notes ?? "");
  const [authorName, setAuthorName] = useState(initial.authorName ?? "");
  const [organizationName, setOrganizationName] = useState(initial.organizationName ?? "");
  const [logoUrl, setLogoUrl] = useState(initial.logoUrl ?? "");
  const [faq, setFaq] = useState(initial.faq ?? true);
  const [gate, setGate] = useState<QualityGate>(() => ({
    minContentScore: initial.minContentScore ?? GATE_DEFAULTS.minContentScore,
    maxSimilarity: initial.maxSimilarity ?? GATE_DEFAULTS.maxSimilarity,
    requireFactCheck: initial.requireFactCheck ?? GATE_DEFAULTS.requireFactCheck,
    citationRel: initial.citationRel ?? GATE_DEFAULTS.citationRel,
  }));
  const [minContentScore, setMinContentScore] = useState(String(gate.minContentScore));
  // A score that is not a whole number from 0 to 100 is said on its field before anything is sent.
  const [scoreInvalid, setScoreInvalid] = useState(false);
  const nextKey = useRef(0);
  const newTopic = (text: string): Topic => ({ key: nextKey.current++, text });
  const [topics, setTopics] = useState<Topic[]>(() => (initial.topicsToAvoid ?? []).map(newTopic));
  const save = useMutation({
    mutationFn: ({ topicsToAvoid, minContentScore }: { topicsToAvoid: string[]; minContentScore: number }) =>
      unwrap(
        api.PUT("/api/sites/{siteId}/brief", {
          params: { path: { siteId } },
          body: {
            business,
            audience,
            tone,
            topicsToAvoid,
            notes,
            authorName,
            organizationName,
            logoUrl,
            faq,
            ...gate,
            minContentScore,
          },
        }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(briefKey(siteId), saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty rows are dropped rather than refused, so the list sent matches the rows shown (and their errors).
    const filled = topics.filter((topic) => topic.text.trim() !== "");
    setTopics(filled);
    const score = Number(minContentScore);
    const validScore = minContentScore.trim() !== "" && Number.isInteger(score) && score >= 0 && score <= 100;
    setScoreInvalid(!validScore);
    if (!validScore) {
      save.reset();
      return;
    }
    save.mutate({ topicsToAvoid: filled.map((topic) => topic.text), minContentScore: score });
  };
  const error = save.error;
  const listError =
    error instanceof ApiError && error.issues.some((issue) => issue.path === "topicsToAvoid")
      ? fieldError(error, "topicsToAvoid")
      : undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="brief-title">
      <p className="muted">{t("brief.updatedAt", { time: dateTime(save.data?.updatedAt ?? initial.updatedAt) })}</p>
      <TextArea
        label={t("brief.business")}
        hint={t("brief.businessHint")}
        rows={6}
        value={business}
        onChange={(event) => setBusiness(event.target.value)}
        aside={<LengthCounter length={business.length} max={LIMITS.business} />}
        error={fieldError(error, "business")}
      />
      <TextArea
        label={t("brief.audience")}
        hint={t("brief.audienceHint")}
        rows={3}
        value={audience}
        onChange={(event) => setAudience(event.target.value)}
        aside={<LengthCounter length={audience.length} max={LIMITS.audience} />}
        error={fieldError(error, "audience")}
      />
      <TextArea
        label={t("brief.tone")}
        hint={t("brief.toneHint")}
        rows={2}
        value={tone}
        onChange={(event) => setTone(event.target.value)}
        aside={<LengthCounter length={tone.length} max={LIMITS.tone} />}
        error={fieldError(error, "tone")}
      />
      <fieldset className="topics">
        <legend>{t("brief.topics")}</legend>
        <p className="field-hint">
          {t("brief.topicsHint")} <LengthCounter length={topics.length} max={LIMITS.topics} />
        </p>
        {listError ? <p className="field-error">{listError}</p> : null}
        {topics.length === 0 ? <p className="muted">{t("brief.topicsEmpty")}</p> : null}
        <ul className="topic-list">
          {topics.map((topic, index) => (
            <li key={topic.key} className="topic-row">
              <TextField
                label={t("brief.topic", { n: index + 1 })}
                value={topic.text}
                onChange={(event) => {
                  const text = event.target.value;
                  setTopics((current) => current.map((row) => (row.key === topic.key ? { ...row, text } : row)));
                }}
                aside={<LengthCounter length={topic.text.length} max={LIMITS.topic} />}
                error={fieldError(error, `topicsToAvoid.${index}`)}
              />
              <button
                type="button"
                className="secondary"
                aria-label={t("brief.removeTopicLabel", { n: index + 1 })}
                onClick={() => setTopics((current) => current.filter((row) => row.key !== topic.key))}
              >
                {t("brief.removeTopic")}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="secondary"
          disabled={topics.length >= LIMITS.topics}
          onClick={() => setTopics((current) => [...current, newTopic("")])}
        >
          {t("brief.addTopic")}
        </button>
      </fieldset>
      <TextArea
        label={t("brief.notes")}
        hint={t("brief.notesHint")}
        rows={5}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        aside={<LengthCounter length={notes.length} max={LIMITS.notes} />}
        error={fieldError(error, "notes")}
      />
      <h3 id="brief-structured-title">{t("brief.structuredTitle")}</h3>
      <p className="muted">{t("brief.structuredIntro")}</p>
      <TextField
        label={t("brief.authorName")}
        hint={byline ? t("brief.authorNameHintWordPress", { byline }) : t("brief.authorNameHint")}
        autoComplete="off"
        value={authorName}
        onChange={(event) => setAuthorName(event.target.value)}
        aside={<LengthCounter length={authorName.length} max={LIMITS.name} />}
        error={fieldError(error, "authorName")}
      />
      {byline && sameName(authorName) && sameName(authorName) !== sameName(byline) ? (
        <Notice tone="warning">{t("brief.authorMismatch", { byline, name: sameName(authorName), action: t("sync.submit") })}</Notice>
      ) : null}
      <TextField
        label={t("brief.organizationName")}
        hint={t("brief.organizationNameHint")}
        autoComplete="off"
        value={organizationName}
        onChange={(event) => setOrganizationName(event.target.value)}
        aside={<LengthCounter length={organizationName.length} max={LIMITS.name} />}
        error={fieldError(error, "organizationName")}
      />
      <TextField
        label={t("brief.logoUrl")}
        hint={t("brief.logoUrlHint")}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://www.example.com/logo.png"
        value={logoUrl}
        onChange={(event) => setLogoUrl(event.target.value)}
        // A logo address is short: its counter shows only when it passes the limit.
        aside={logoUrl.length > LIMITS.url ? <LengthCounter length={logoUrl.length} max={LIMITS.url} /> : undefined}
        error={fieldError(error, "logoUrl")}
      />
      <CheckField
        label={t("brief.faq")}
        hint={t("brief.faqHint")}
        checked={faq}
        onChange={(event) => setFaq(event.target.checked)}
        error={fieldError(error, "faq")}
      />
      <QualityGateFields
        minContentScore={minContentScore}
        gate={gate}
        onMinContentScore={setMinContentScore}
        scoreInvalid={scoreInvalid}
        onChange={(change) => setGate((current) => ({ ...current, ...change }))}
        error={error}
      />
      <ErrorNotice error={error} />
      {save.isSuccess ? <Notice tone="success">{t("brief.saved")}</Notice> : null}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? t("brief.saving") : t("brief.save")}
        </button>
      </div>
    </form>
  );
}
