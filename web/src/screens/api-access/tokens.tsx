// API access → tokens: creating one (with a role below yours, if you like; the secret shown once),
// and the list with whose each token is (an admin or owner sees every member's), revoking them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { useMembers } from "../../api/query-keys";
import { useRoleName } from "../../components/role-notice";
import {
  Badge,
  CopyButton,
  ErrorNotice,
  fieldError,
  LengthCounter,
  Loading,
  Notice,
  Pager,
  SelectField,
  TextField,
} from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { useMe, useRole } from "../../lib/current-member";
import { type Role, tokenRoles } from "../../lib/roles";
import { usePageParam } from "../../lib/url";
import { apiAccessMessages } from "./messages";

type Token = Schemas["ApiToken"];
export type CreatedToken = Schemas["CreatedApiToken"];
type Scope = Token["scope"];

const TOKENS_KEY = ["/api/tokens"] as const;
const SCOPES: readonly Scope[] = ["manage", "public:read"];
const NAME_MAX = 100;
// The API answers every token at once: paged here.
const PER_PAGE = 20;

export function CreateToken({
  created,
  onCreated,
  onStored,
}: {
  created: CreatedToken | null;
  onCreated(token: CreatedToken): void;
  onStored(): void;
}) {
  const { t } = useMessages(apiAccessMessages);
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<Scope>("manage");
  const { role: myRole } = useRole();
  const roleName = useRoleName();
  // "": the creator's own role (the token follows it); else a lower role, fixed.
  const [role, setRole] = useState<Role | "">("");
  const [missingName, setMissingName] = useState(false);
  const create = useMutation({
    mutationFn: () => unwrap(api.POST("/api/tokens", { body: { name: name.trim(), scope, ...(role ? { role } : {}) } })),
    onSuccess: (token) => {
      onCreated(token);
      setName("");
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissingName(name.trim() === "");
    if (name.trim() === "") return;
    create.mutate();
  };
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">{t("create.heading")}</h2>
      {created ? <CreatedSecret token={created} onStored={onStored} /> : null}
      <form onSubmit={submit} noValidate>
        <ErrorNotice error={create.error} />
        <TextField
          label={t("create.name")}
          autoComplete="off"
          required
          maxLength={NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint={t("create.nameHint")}
          aside={<LengthCounter length={name.length} max={NAME_MAX} />}
          error={missingName ? t("create.nameRequired") : fieldError(create.error, "name")}
        />
        <fieldset className="radio-group">
          <legend>{t("create.scope")}</legend>
          {SCOPES.map((value) => (
            <label key={value} className="radio-option">
              <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} />
              <span>
                {t(`scope.${value}`)}
                <br />
                <span className="muted">{t(`scope.${value}Hint`)}</span>
              </span>
            </label>
          ))}
          {fieldError(create.error, "scope") ? <div className="field-error">{fieldError(create.error, "scope")}</div> : null}
        </fieldset>
        {scope === "manage" ? (
          <SelectField
            label={t("create.role")}
            hint={t("create.roleHint")}
            value={role}
            onChange={(event) => setRole(event.target.value as Role | "")}
            error={fieldError(create.error, "role")}
          >
            <option value="">{t("create.roleMine", { role: roleName(myRole) })}</option>
            {tokenRoles(myRole)
              .filter((lower) => lower !== myRole)
              .map((lower) => (
                <option key={lower} value={lower}>
                  {roleName(lower)}
                </option>
              ))}
          </SelectField>
        ) : null}
        <p className="muted">{t("create.expiry")}</p>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t("create.working") : t("create.submit")}
        </button>
      </form>
    </section>
  );
}

/** The secret, once: it is in no later answer of the API. */
function CreatedSecret({ token, onStored }: { token: CreatedToken; onStored(): void }) {
  const { t } = useMessages(apiAccessMessages);
  return (
    <div className="notice notice-success" role="status" data-testid="created-token">
      <p className="secret-line">
        <strong>{t("created.title", { name: token.name })}</strong> {t("created.storeNow")}
      </p>
      <p className="secret-line">
        <code data-testid="token-secret">{token.token}</code>
      </p>
      <div className="actions">
        <CopyButton value={token.token} label={t("created.secretLabel")} />
        <button type="button" className="secondary" onClick={onStored}>
          {t("created.done")}
        </button>
      </div>
    </div>
  );
}

export function TokenList() {
  const { t } = useMessages(apiAccessMessages);
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => unwrap(api.GET("/api/tokens")) });
  const [page, setPage] = usePageParam();
  // An admin or owner sees every member's tokens: then each says whose it is.
  const all = useRole().can("admin");
  const whose = useWhose(all);
  const revoke = useMutation({
    mutationFn: (token: Token) => unwrap(api.DELETE("/api/tokens/{id}", { params: { path: { id: token.id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
  const confirmRevoke = (token: Token) => {
    if (window.confirm(t("revoke.confirm", { name: token.name }))) revoke.mutate(token);
  };

  const rows = tokens.data ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const shownPage = Math.min(page, totalPages);
  const shown = rows.slice((shownPage - 1) * PER_PAGE, shownPage * PER_PAGE);
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">{all ? t("list.headingAll") : t("list.heading")}</h2>
      {tokens.isPending ? <Loading /> : null}
      <ErrorNotice error={tokens.error} onRetry={() => void tokens.refetch()} />
      <ErrorNotice error={revoke.error} />
      {revoke.isSuccess ? <Notice tone="success">{t("revoke.done", { name: revoke.variables.name })}</Notice> : null}
      {tokens.data && rows.length === 0 ? <p>{t("list.empty")}</p> : null}
      {shown.length > 0 ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("list.name")}</th>
                  {all ? <th scope="col">{t("list.member")}</th> : null}
                  <th scope="col">{t("list.scope")}</th>
                  <th scope="col">{t("list.role")}</th>
                  <th scope="col">{t("list.token")}</th>
                  <th scope="col">{t("list.status")}</th>
                  <th scope="col">{t("list.created")}</th>
                  <th scope="col">{t("list.lastUsed")}</th>
                  <th scope="col">{t("list.expires")}</th>
                  <th scope="col">{t("list.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((token) => (
                  <TokenRow
                    key={token.id}
                    token={token}
                    whose={all ? whose(token.memberId) : null}
                    revoking={revoke.isPending && revoke.variables.id === token.id}
                    onRevoke={() => confirmRevoke(token)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={shownPage} totalPages={totalPages} total={rows.length} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function TokenRow({ token, whose, revoking, onRevoke }: { token: Token; whose: string | null; revoking: boolean; onRevoke(): void }) {
  const { t, dateTime } = useMessages(apiAccessMessages);
  const roleName = useRoleName();
  return (
    <tr>
      <th scope="row" className="cell-name">
        {token.name}
      </th>
      {whose !== null ? (
        <td className="token-member" data-label={t("list.member")}>
          {whose}
        </td>
      ) : null}
      <td className="nowrap" data-label={t("list.scope")}>
        <code>{token.scope}</code>
      </td>
      <td data-label={t("list.role")}>{token.role ? roleName(token.role) : t("list.roleOfMember")}</td>
      <td className="nowrap" data-label={t("list.token")}>
        <code>
          {token.prefix}…{token.lastFour}
        </code>
      </td>
      <td data-label={t("list.status")}>
        <Badge status={token.status} label={t(`status.${token.status}`)} />
        {token.revokedAt ? <div className="muted">{t("list.revoked", { when: dateTime(token.revokedAt) })}</div> : null}
      </td>
      <td className="token-date" data-label={t("list.created")}>
        {dateTime(token.createdAt)}
      </td>
      <td className="token-date" data-label={t("list.lastUsed")}>
        {token.lastUsedAt ? dateTime(token.lastUsedAt) : t("list.never")}
      </td>
      <td className="token-date" data-label={t("list.expires")}>
        {dateTime(token.expiresAt)}
      </td>
      <td data-label={t("list.actions")}>
        {token.status === "active" ? (
          <button
            type="button"
            className="danger secondary"
            aria-label={t("revoke.label", { name: token.name })}
            disabled={revoking}
            onClick={onRevoke}
          >
            {revoking ? t("revoke.working") : t("revoke.button")}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** Whose a token is, in words: "You", the member's email, or the operator (a token with no member). */
function useWhose(enabled: boolean): (memberId: string | null) => string {
  const { t } = useMessages(apiAccessMessages);
  const me = useMe();
  const members = useMembers(enabled);
  return (memberId) => {
    if (!memberId) return t("list.operator");
    if (memberId === me.data?.member?.id) return t("list.you");
    return members.data?.members.find((member) => member.id === memberId)?.email ?? memberId;
  };
}
