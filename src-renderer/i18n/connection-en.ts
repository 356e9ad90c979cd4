// English texts for what Besked says about a live connection: the last test of the token (issue 27); en.ts mounts it
// as `connection`.
export const connectionEn = {
  tag: { untested: 'Live – not tested', connected: 'Live', refused: 'Live – refused', unreachable: 'Live – not reachable' },
  title: {
    untested: 'Live – not tested yet',
    connected: 'Live – connected',
    refused: 'Live – the gateway refused the token',
    unreachable: 'Live – the gateway could not be reached',
  },
  text: {
    untested: "A token is set for the gateway's {platform} platform, but it has not been tested since Besked started. Press Test connection.",
    connected: "The gateway's {platform} platform accepted the token at the last test.",
    refused: 'The last test was refused: {because} Texts cannot go out until the token works.',
    unreachable: 'The last test could not reach the gateway: {because} Campaigns wait until it can be reached.',
  },
  /** After Save token. */
  saved: {
    connected: 'Token saved and tested: connected.',
    failed: 'Token saved, but the test did not pass. See Gateway connection.',
  },
  /** After Test connection. */
  testedTyped: 'This token works on the {platform} platform. Credit: {credit}. Save it to use it.',
  testedSandbox: 'Sandbox: the built-in test gateway answers. Credit: {credit}. Paste a token to test it.',
};
