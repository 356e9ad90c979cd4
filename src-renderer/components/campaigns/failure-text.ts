// Why recipients failed, in the UI's language: a failure group's or a recipient row's codes said through the error
// texts (useErrorText), and the core's English sentence wherever a code is missing or unknown to this renderer.
import type { CampaignDetail, CampaignRecipientRow, CodedText } from '../../../src-shared/contract';
import { useErrorText } from '../../composables/useErrorText';

type Failure = CampaignDetail['failures'][number];

export function useFailureText() {
  const text = useErrorText();
  /** The code's text, or null when this renderer cannot say it (the caller then shows the English whole). */
  const say = (c: CodedText | undefined): string | null => {
    if (!c) return null;
    // errorText answers with the message when it has no text for the code: an empty one marks that.
    const s = text({ kind: 'internal', message: '', ...c });
    return s === '' ? null : s;
  };
  return {
    /** A group of "Why recipients failed": what its status means, then the gateway's own reason in brackets. */
    failure(f: Failure): string {
      const main = say(f.code === undefined ? undefined : { code: f.code, ...(f.params ? { params: f.params } : {}) });
      if (main === null) return f.reason;
      if (!f.gatewayError) return main;
      const because = say(f.gatewayError);
      return because === null ? f.reason : `${main} (${because})`;
    },
    /** A recipient's reason said by its code (a refused request's error); null when it has no code to say it by. */
    reason(r: CampaignRecipientRow): string | null {
      return r.reason === null ? null : say(r.reasonCode);
    },
    /** What the gateway said about a recipient's failed delivery, its code kept visible. */
    statusError(r: CampaignRecipientRow): string | null {
      return r.statusError === null ? null : (say(r.statusErrorCode) ?? r.statusError);
    },
  };
}
