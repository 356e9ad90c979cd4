// English texts for the questions asked before an action that cannot be undone: a title that says what happens and a
// button that names the action, never Yes/No (issue 27); en.ts mounts it as `confirm`.
export const confirmEn = {
  /** The button that closes the question and does nothing. */
  back: 'Go back',
  cancelCampaign: { title: 'Cancel this campaign?', act: 'Cancel campaign' },
  cancelScheduled: { title: 'Cancel this scheduled campaign?', act: 'Cancel campaign' },
  withdrawPending: { title: 'Withdraw the messages still waiting?', act: 'Withdraw messages' },
  deleteCampaign: { title: 'Delete this campaign?', act: 'Delete campaign' },
  resendUncertain: { title: 'Send again to the uncertain recipients?', act: 'Send again' },
  pauseAutomation: { title: 'Pause this automation?', act: 'Pause automation' },
  deleteAutomation: { title: 'Delete this automation?', act: 'Delete automation' },
  sendNotSent: { title: 'Send this run anyway?', act: 'Send anyway' },
};
export type ConfirmKind = Exclude<keyof typeof confirmEn, 'back'>;
