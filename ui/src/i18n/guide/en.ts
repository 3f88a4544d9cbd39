import type { GuideKey } from "./es-MX";

// The demo guide: its words in English, typed by the Spanish keys.
export const guideEn: Record<GuideKey, string> = {
  // Demo guide
  "guide.title": "Try this",
  "guide.intro": "Short walks through the demo, one click each. Nothing leaves this computer.",
  "guide.hide": "Hide",
  "guide.hideTitle": "Hide this panel; it is not shown again",
  "guide.fold": "Collapse",
  "guide.unfold": "Show the walks",
  "guide.done": "Done",
  "guide.progress": "{done} of {total} done",
  "guide.review.title": "Review a file",
  "guide.review.text": "Open the review of {company}: accept or reject its sections with the keyboard and send the correction request.",
  "guide.review.go": "Open the review",
  "guide.enrollment.title": "Generate an enrollment link",
  "guide.enrollment.text": "In the tracking of {company}, one person may enroll and another may not: generate the first one's link.",
  "guide.enrollment.go": "Open the tracking",
  "guide.resend.title": "Resend a verification",
  "guide.resend.text": "Verification {folio} ({status}) accepts a resend: resend its link (on the real service, each resend is billed).",
  "guide.resend.go": "Open the verification",
  "guide.folios": "Demo folios",
};
