// The English words of Besked on a phone (issue 29): the bottom bar, its More sheet and the inbox's two screens;
// en.ts mounts it as `phone`.
export const phoneEn = {
  more: 'More',
  moreTitle: 'More',
  close: 'Close',
  back: 'Conversations',
  backLabel: 'Back to the conversations',
  theme: 'Dark or light',
  balance: 'Balance',
  /** The conversation's messages, a scrolling region the keyboard reaches (also on the desktop). */
  thread: 'Messages in this conversation',
};
