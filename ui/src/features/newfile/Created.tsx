import { useEffect, useRef } from "react";

import type { AppError } from "../../bindings/AppError";
import type { CreatedFile } from "../../bindings/CreatedFile";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { OpenLinkButton } from "../../components/OpenLinkButton";
import { QrCode } from "../../components/QrCode";
import { useI18n } from "../../i18n";
import { shown as orMissing } from "../../words/text";

type Open = (flowId: string, rfc: string) => void;

/** The file just created: its id, the user's link (with a QR code) and its tracking. */
export function CreatedCard(props: { file: CreatedFile; flowId: string; rfc: string; error: AppError | null; onAnother: () => void; onOpen: Open }) {
  const { t } = useI18n();
  const { file } = props;
  const url = file.Url;
  // The result takes the focus where the form was (its button went with it): the
  // keyboard goes on from here, and a screen reader says the file was created.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus({ preventScroll: true }), []);
  return (
    <section className="page" aria-labelledby="new-file-title">
      <div className="card created" data-testid="created-file" role="status">
        <h2 id="new-file-title" ref={title} tabIndex={-1}>
          {t("new.created")}
        </h2>
        <dl className="facts">
          <dt>DocumentId</dt>
          <dd>
            <code className="mono" data-testid="created-id">
              {orMissing(file.DocumentId)}
            </code>{" "}
            {file.DocumentId && <CopyButton text={file.DocumentId} />}
          </dd>
          <dt>{t("new.company")}</dt>
          <dd>
            {orMissing(file.Company?.CompanyName)} <span className="mono muted">{file.Company?.CompanyRfc ?? ""}</span>
          </dd>
        </dl>
        <h3>{t("new.userLink")}</h3>
        <p className="muted">{t("new.userLinkHint")}</p>
        {url ? (
          <>
            <QrCode text={url} label={t("new.userLink")} />
            <code className="mono link-text" data-testid="created-url">
              {url}
            </code>
            <div className="row">
              <CopyButton text={url} testId="copy-url" />
              <OpenLinkButton url={url} testId="open-url">
                {t("result.open")}
              </OpenLinkButton>
            </div>
          </>
        ) : (
          <p className="notice notice-warn" role="note" data-testid="created-no-url">
            {t("new.noUrl")}
          </p>
        )}
        <p data-testid="created-followed">{props.rfc ? t("new.followed") : t("new.notFollowed")}</p>
        {props.error && <ErrorNotice error={props.error} />}
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={props.onAnother}>
            {t("new.another")}
          </button>
          {props.rfc && (
            <button type="button" className="button-primary" onClick={() => props.onOpen(props.flowId, props.rfc)} data-testid="open-created">
              {t("new.openTracking")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** A creation whose outcome is unknown: the file may exist, and its tracking (by flow
 * and RFC) is where to look before creating it again. */
export function CreateUnknown(props: { flowId: string; rfc: string; onOpen: Open }) {
  const { t } = useI18n();
  return (
    <div className="notice notice-warn" role="note" data-testid="create-unknown">
      <div className="notice-body">
        <strong>{t("new.unknown")}</strong>
        <p>{props.rfc ? t("new.unknownRfc", { rfc: props.rfc }) : t("new.unknownNoRfc")}</p>
        {props.rfc && (
          <button type="button" className="button-quiet small" onClick={() => props.onOpen(props.flowId, props.rfc)} data-testid="create-unknown-tracking">
            {t("new.unknownTrack", { rfc: props.rfc })}
          </button>
        )}
      </div>
    </div>
  );
}
