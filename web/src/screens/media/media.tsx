import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from "react";
import { api, unwrap, type Schemas } from "../../api/client";
import { CopyButton, ErrorNotice, Loading, Notice, PageTitle, Pager, TextField, useErrorText } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { usePageParam } from "../../lib/url";
import "./media.css";
import { mediaMessages } from "./messages";
import { uploadImage, type UploadCall, type UploadProgress } from "./upload";
import { RoleNote } from "../../components/role-notice";
import { useRole } from "../../lib/current-member";

const PER_PAGE = 20;
const UPLOADS_KEY = ["/api/uploads"] as const;
const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const RESULTS_SHOWN = 5;

export function MediaScreen() {
  const { t } = useMessages(mediaMessages);
  // Uploading is a writer's.
  const mayUpload = useRole().can("write");
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("title")}>{t("title")}</PageTitle>
      <p className="muted">{t("intro")}</p>
      {mayUpload ? <Uploader /> : <RoleNote note="note.media" />}
      <UploadList />
    </section>
  );
}

// ---- Uploading ----

interface Outcome {
  key: number;
  name: string;
  result?: Schemas["UploadResult"];
  error?: string;
}

interface Current extends UploadProgress {
  name: string;
}

/** Uploads run one at a time, in the order the files came; more can be added meanwhile. */
function useUploadQueue() {
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const queue = useRef<File[]>([]);
  const running = useRef(false);
  const call = useRef<UploadCall | null>(null);
  const nextKey = useRef(0);
  const [current, setCurrent] = useState<Current | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  // Leaving the page stops the upload in flight (nothing would show its outcome).
  useEffect(
    () => () => {
      queue.current = [];
      call.current?.abort();
    },
    [],
  );

  const record = (outcome: Omit<Outcome, "key">) =>
    setOutcomes((list) => [{ ...outcome, key: nextKey.current++ }, ...list].slice(0, RESULTS_SHOWN));

  const run = async () => {
    running.current = true;
    for (let file = queue.current.shift(); file; file = queue.current.shift()) {
      const name = file.name;
      setWaiting(queue.current.length);
      setCurrent({ name, sent: 0, processing: false });
      call.current = uploadImage(file, (progress) => setCurrent({ name, ...progress }));
      try {
        const result = await call.current.done;
        record({ name, result });
        void queryClient.invalidateQueries({ queryKey: UPLOADS_KEY });
      } catch (error) {
        record({ name, error: errorText(error) });
      }
    }
    call.current = null;
    running.current = false;
    setCurrent(null);
    setWaiting(0);
  };

  const add = (files: File[]) => {
    if (files.length === 0) return;
    queue.current.push(...files);
    setWaiting(queue.current.length);
    if (!running.current) void run();
  };

  return { add, current, waiting, outcomes };
}

function Uploader() {
  const { t } = useMessages(mediaMessages);
  const { add, current, waiting, outcomes } = useUploadQueue();
  const [dragging, setDragging] = useState(false);

  // A file dropped beside the drop zone would otherwise replace the panel with the image.
  useEffect(() => {
    const ignore = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener("dragover", ignore);
    window.addEventListener("drop", ignore);
    return () => {
      window.removeEventListener("dragover", ignore);
      window.removeEventListener("drop", ignore);
    };
  }, []);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []));
    // Cleared so that choosing the same file again uploads it again.
    event.target.value = "";
  };

  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading">{t("upload.title")}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target only adds drag and drop; its file input is the keyboard way */}
      <div
        className={`dropzone${dragging ? " dragging" : ""}`}
        data-testid="dropzone"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <p>{t("upload.drop")}</p>
        <TextField type="file" label={t("upload.choose")} hint={t("upload.hint")} accept={ACCEPTED_TYPES} multiple onChange={onChoose} />
      </div>
      {current ? <UploadProgressBar current={current} waiting={waiting} /> : null}
      <div className="upload-outcomes">
        {outcomes.map((outcome) => (
          <UploadOutcome key={outcome.key} outcome={outcome} />
        ))}
      </div>
    </section>
  );
}

function UploadProgressBar({ current, waiting }: { current: Current; waiting: number }) {
  const { t, locale } = useMessages(mediaMessages);
  const id = useId();
  const percent =
    current.sent === null ? null : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(current.sent);
  return (
    <div className="upload-progress card">
      <label htmlFor={id}>{t("upload.progressLabel", { name: current.name })}</label>
      {/* Without a value the bar is indeterminate: the browser could not tell how much was sent. */}
      <progress id={id} max={1} value={current.sent ?? undefined} />
      <span className="muted">{percent !== null && !current.processing ? t("upload.progressPercent", { percent }) : null}</span>
      <p role="status" className="upload-phase">
        {current.processing ? t("upload.processing") : null} {waiting > 0 ? t("upload.queued", { count: waiting }) : null}
      </p>
    </div>
  );
}

function UploadOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useMessages(mediaMessages);
  if (outcome.error !== undefined || !outcome.result) {
    return (
      <div className="notice notice-error" role="alert">
        {t("upload.failed", { name: outcome.name, message: outcome.error ?? "" })}
      </div>
    );
  }
  const address = publicAddress(outcome.result.url);
  return (
    <Notice tone="success">
      <span className="upload-done">
        <span>{t("upload.done", { name: outcome.name })}</span> <code>{address}</code> <CopyButton value={address} label={outcome.name} />
      </span>
    </Notice>
  );
}

// ---- The list ----

/** The API gives a path on this service; copied in full so it works in any editor. */
function publicAddress(path: string): string {
  return new URL(path, window.location.origin).href;
}

function useByteSize() {
  const { locale } = useMessages(mediaMessages);
  return (bytes: number) => {
    const [unit, value] =
      bytes < 1024
        ? (["byte", bytes] as const)
        : bytes < 1024 * 1024
          ? (["kilobyte", bytes / 1024] as const)
          : (["megabyte", bytes / (1024 * 1024)] as const);
    return new Intl.NumberFormat(locale, {
      style: "unit",
      unit,
      unitDisplay: "short",
      maximumFractionDigits: unit === "byte" ? 0 : 1,
    }).format(value);
  };
}

function UploadList() {
  const { t, number } = useMessages(mediaMessages);
  const size = useByteSize();
  const [page, setPage] = usePageParam();
  const uploads = useQuery({
    queryKey: ["/api/uploads", { page, perPage: PER_PAGE }],
    queryFn: () => unwrap(api.GET("/api/uploads", { params: { query: { page, per_page: PER_PAGE } } })),
  });
  const data = uploads.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.count / data.perPage)) : 1;
  return (
    <section aria-labelledby="uploads-heading">
      <h2 id="uploads-heading">{t("list.title")}</h2>
      {uploads.isPending ? <Loading /> : null}
      <ErrorNotice error={uploads.error} onRetry={() => void uploads.refetch()} />
      {data ? (
        <p className="muted">
          {data.count === 1
            ? t("list.summaryOne", { size: size(data.totalBytes) })
            : t("list.summary", { count: number(data.count), size: size(data.totalBytes) })}
        </p>
      ) : null}
      {data && data.uploads.length === 0 ? <p>{t("list.empty")}</p> : null}
      {data && data.uploads.length > 0 ? (
        <>
          <UploadTable uploads={data.uploads} />
          <Pager page={page} totalPages={totalPages} total={data.count} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function UploadTable({ uploads }: { uploads: Schemas["Upload"][] }) {
  const { t, number, dateTime } = useMessages(mediaMessages);
  const size = useByteSize();
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="stack-table upload-table">
        <thead>
          <tr>
            <th scope="col">{t("list.colImage")}</th>
            <th scope="col">{t("list.colSize")}</th>
            <th scope="col">{t("list.colDimensions")}</th>
            <th scope="col">{t("list.colUploaded")}</th>
            <th scope="col">{t("list.colUrl")}</th>
          </tr>
        </thead>
        <tbody>
          {uploads.map((upload) => {
            // An uploaded file is named by its file name; a drawn hero image by its alt text.
            const name = upload.originalName ?? upload.fileName;
            const address = publicAddress(upload.url);
            return (
              <tr key={upload.id}>
                <th scope="row" className="upload-name cell-name">
                  <div className="upload-named">
                    {/* The name beside it says what the picture is: the thumbnail adds nothing to read. */}
                    <img
                      className="upload-thumb"
                      src={upload.url}
                      alt=""
                      loading="lazy"
                      width={upload.width || undefined}
                      height={upload.height || undefined}
                    />
                    <span>
                      {name}
                      {upload.originalName && upload.originalName !== upload.fileName ? (
                        <span className="muted mono upload-file">{upload.fileName}</span>
                      ) : null}
                    </span>
                  </div>
                </th>
                <td data-label={t("list.colSize")}>
                  <span className="nowrap">{size(upload.bytes)}</span>
                  <br />
                  <span className="muted">{t("list.original", { type: upload.originalType, size: size(upload.originalBytes) })}</span>
                </td>
                <td className="nowrap" data-label={t("list.colDimensions")}>
                  {upload.width > 0 && upload.height > 0
                    ? t("list.dimensions", { width: number(upload.width), height: number(upload.height) })
                    : t("list.unknown")}
                </td>
                <td className="nowrap" data-label={t("list.colUploaded")}>
                  {dateTime(upload.createdAt)}
                </td>
                <td className="cell-wide" data-label={t("list.colUrl")}>
                  <div className="upload-address">
                    <code>{address}</code>
                    <CopyButton value={address} label={name} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
