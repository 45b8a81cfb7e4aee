// The chat tab: the conversation with the site's agent (paged, newest page first) and a message box.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { api, ApiError, unwrap, type Schemas } from "../../api/client";
import { BALANCE_KEY, useBalance } from "../../components/layout";
import { Badge, ErrorNotice, fieldError, LengthCounter, Loading, Notice, Pager, TextArea } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { usePageParam } from "../../lib/url";
import { siteMessages } from "./messages";
import { briefKey, chatKey } from "./shared";
import { useRole } from "../../lib/current-member";

const MESSAGES_PER_PAGE = 20;
const MESSAGE_MAX = 4000;
const PACKAGES_KEY = ["/api/billing/packages"] as const;

export function ChatTab({ siteId }: { siteId: string }) {
  const { t } = useMessages(siteMessages);
  // Talking to the agent changes the brief: editors and up.
  const mayTalk = useRole().can("publish", siteId);
  return (
    <section aria-labelledby="chat-title">
      <h2 id="chat-title">{t("chat.title")}</h2>
      <p>{t("chat.intro")}</p>
      {mayTalk ? <ChatCost /> : null}
      <ChatHistory siteId={siteId} />
      {mayTalk ? <ChatForm siteId={siteId} /> : null}
    </section>
  );
}

/** What a message costs: the price list's chatPrice, free under a BYOK licence. */
function ChatCost() {
  const { t, money } = useMessages(siteMessages);
  const balance = useBalance();
  const { can } = useRole();
  // The price list is billing's, an owner's to read: others see the cost as unknown.
  const packages = useQuery({ queryKey: PACKAGES_KEY, queryFn: () => unwrap(api.GET("/api/billing/packages")), enabled: can("billing") });
  let text = t("chat.costUnknown");
  if (balance.data && balance.data.billingMode !== "CREDITS") text = t("chat.costByok");
  else if (packages.data && Number(packages.data.chatPrice) === 0) text = t("chat.costFree");
  else if (packages.data && balance.data)
    text = t("chat.cost", { price: money(packages.data.chatPrice), balance: money(balance.data.creditBalance) });
  return (
    <p className="chat-cost" data-testid="chat-cost">
      {text}
    </p>
  );
}

function ChatHistory({ siteId }: { siteId: string }) {
  const { t } = useMessages(siteMessages);
  const [page, setPage] = usePageParam();
  const history = useQuery({
    queryKey: [...chatKey(siteId), page],
    queryFn: () =>
      unwrap(api.GET("/api/sites/{siteId}/chat", { params: { path: { siteId }, query: { page, per_page: MESSAGES_PER_PAGE } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <section aria-labelledby="chat-history-title">
      <h3 id="chat-history-title">{t("chat.history")}</h3>
      {history.isPending ? <Loading /> : null}
      <ErrorNotice error={history.error} onRetry={() => void history.refetch()} />
      {history.data && history.data.total === 0 ? <p>{t("chat.empty")}</p> : null}
      {history.data && history.data.items.length > 0 ? (
        <>
          {history.data.totalPages > 1 ? <p className="muted">{t("chat.pagesHint")}</p> : null}
          {/* The API answers newest first; a conversation reads oldest first. */}
          <ol className="chat-log">
            {[...history.data.items].reverse().map((message) => (
              <ChatMessage key={message.id} message={message} />
            ))}
          </ol>
          <Pager page={history.data.page} totalPages={history.data.totalPages} total={history.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function ChatMessage({ message }: { message: Schemas["ChatMessage"] }) {
  const { t, dateTime } = useMessages(siteMessages);
  const fromUser = message.role === "user";
  return (
    <li className={fromUser ? "from-user" : "from-agent"}>
      <div className="chat-meta">
        <strong>{fromUser ? t("chat.you") : t("chat.agent")}</strong> <span className="muted">{dateTime(message.createdAt)}</span>{" "}
        {message.briefUpdated ? <Badge status="success" label={t("chat.briefUpdated")} /> : null}
      </div>
      <div className="chat-text">{message.content}</div>
    </li>
  );
}

function ChatForm({ siteId }: { siteId: string }) {
  const { t } = useMessages(siteMessages);
  const queryClient = useQueryClient();
  const [, setPage] = usePageParam();
  const [message, setMessage] = useState("");
  const send = useMutation({
    mutationFn: (text: string) => unwrap(api.POST("/api/sites/{siteId}/chat", { params: { path: { siteId } }, body: { message: text } })),
    onSuccess: (answer) => {
      setMessage("");
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: chatKey(siteId) });
      if (answer.briefUpdated) void queryClient.invalidateQueries({ queryKey: briefKey(siteId) });
    },
    // Charged when it succeeds, refunded when the model fails: the balance may have moved either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: BALANCE_KEY }),
  });
  const noCredit = send.error instanceof ApiError && send.error.status === 402;
  const mayTopUp = useRole().can("billing");
  return (
    <form
      noValidate
      aria-labelledby="chat-send-title"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(message.trim());
      }}
    >
      <h3 id="chat-send-title">{t("chat.sendTitle")}</h3>
      {send.data ? (
        <Notice tone="success">
          <strong>{t("chat.reply")}</strong>
          <span className="chat-text"> {send.data.reply}</span>
          {send.data.briefUpdated ? (
            <span>
              {" "}
              {t("chat.replyBriefUpdated")} <Link href={`/sites/${siteId}?tab=brief`}>{t("chat.briefLink")}</Link>
            </span>
          ) : null}
        </Notice>
      ) : null}
      <ErrorNotice error={send.error} />
      {noCredit && mayTopUp ? (
        <p>
          <Link href="/billing">{t("chat.topUp")}</Link>
        </p>
      ) : null}
      <TextArea
        label={t("chat.message")}
        hint={t("chat.messageHint")}
        rows={4}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aside={<LengthCounter length={message.length} max={MESSAGE_MAX} />}
        error={fieldError(send.error, "message")}
      />
      <div className="actions">
        <button type="submit" disabled={send.isPending || message.trim() === ""}>
          {send.isPending ? t("chat.sending") : t("chat.send")}
        </button>
        {send.isPending ? (
          <span className="muted" role="status">
            {t("chat.thinking")}
          </span>
        ) : null}
      </div>
    </form>
  );
}
