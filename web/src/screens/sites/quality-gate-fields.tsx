// The brief's quality gate: when a written article waits for the owner's review instead of going
// live (its content score, its likeness to the site's own pages, its fact check), and how its
// links to the sources it cites are marked.
import type { Schemas } from "../../api/client";
import { CheckField, fieldError, SelectField, TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { siteMessages } from "./messages";

type Brief = Schemas["SiteBrief"];
export type QualityGate = Pick<Brief, "minContentScore" | "maxSimilarity" | "requireFactCheck" | "citationRel">;

/** The API's defaults, for a brief saved before the gate existed. */
export const GATE_DEFAULTS: QualityGate = { minContentScore: 60, maxSimilarity: 0.5, requireFactCheck: true, citationRel: "noopener" };

/** The likeness limits offered (1: the check is off); a stored value between them is offered too. */
const SIMILARITY_STEPS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
const CITATION_RELS: readonly Brief["citationRel"][] = ["noopener", "nofollow noopener"];

/** `minContentScore` is typed as text so a half-typed number is not lost; the form sends it as a number. */
export function QualityGateFields({
  minContentScore,
  gate,
  onMinContentScore,
  onChange,
  scoreInvalid,
  error,
}: {
  minContentScore: string;
  scoreInvalid: boolean;
  gate: QualityGate;
  onMinContentScore(value: string): void;
  onChange(change: Partial<QualityGate>): void;
  error: unknown;
}) {
  const { t, locale } = useMessages(siteMessages);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const steps = SIMILARITY_STEPS.includes(gate.maxSimilarity)
    ? SIMILARITY_STEPS
    : [...SIMILARITY_STEPS, gate.maxSimilarity].sort((a, b) => a - b);
  return (
    <fieldset className="topics quality-gate">
      <legend>{t("gate.title")}</legend>
      <p className="field-hint">{t("gate.intro")}</p>
      <TextField
        label={t("gate.minContentScore")}
        hint={t("gate.minContentScoreHint")}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={minContentScore}
        onChange={(event) => onMinContentScore(event.target.value)}
        error={scoreInvalid ? t("gate.minContentScoreInvalid") : fieldError(error, "minContentScore")}
      />
      <SelectField
        label={t("gate.maxSimilarity")}
        hint={t("gate.maxSimilarityHint")}
        value={String(gate.maxSimilarity)}
        onChange={(event) => onChange({ maxSimilarity: Number(event.target.value) })}
        error={fieldError(error, "maxSimilarity")}
      >
        {steps.map((step) => (
          <option key={step} value={String(step)}>
            {step === 1 ? t("gate.similarityOff") : percent.format(step)}
          </option>
        ))}
      </SelectField>
      <CheckField
        label={t("gate.requireFactCheck")}
        hint={t("gate.requireFactCheckHint")}
        checked={gate.requireFactCheck}
        onChange={(event) => onChange({ requireFactCheck: event.target.checked })}
        error={fieldError(error, "requireFactCheck")}
      />
      <SelectField
        label={t("gate.citationRel")}
        hint={t("gate.citationRelHint")}
        value={gate.citationRel}
        onChange={(event) => onChange({ citationRel: event.target.value as Brief["citationRel"] })}
        error={fieldError(error, "citationRel")}
      >
        {CITATION_RELS.map((rel) => (
          <option key={rel} value={rel}>
            {t(`gate.rel.${rel}`)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
