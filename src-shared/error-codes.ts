// The one list of error codes the core may put on an AppError, each with the names of its parameters. The
// renderer translates a code (en/da texts are tested against this list); an error without a known code shows its message.
export const ERROR_CODES = {
  // The dispatcher: input that does not fit the contract.
  'call.invalidInput': ['call', 'problem'],
  // A transport: a call's frame larger than the call takes (issue 26.8).
  'call.tooLarge': ['call', 'kib'],
  // Anything unexpected: the core never shows a stack trace, only this.
  'internal.unexpected': [],
  // The renderer's own line for a failure that is not an AppError at all.
  'internal.unknownFailure': [],

  // Saving failed: the disk is full, read-only or failing (db/storage-errors.ts).
  'storage.full': [],
  'storage.readOnly': [],
  'storage.ioError': [],
  // Start-up: another Besked process has this data folder.
  'app.alreadyRunning': ['who', 'folder'],
  // Web mode's page cannot reach the core: an old link's key, nothing running, or a dropped connection.
  'bridge.wrongKey': [],
  'bridge.notRunning': [],
  'bridge.reconnecting': [],

  // The gateway answered with an error.
  'gateway.insufficientCredit': [],
  'gateway.conflict': ['said'],
  'gateway.invalidRequest': ['status', 'detail'],
  'gateway.notEnabled': [],
  'gateway.tokenRefused': ['status'],
  'gateway.ipRefused': ['status'],
  'gateway.notFound': ['what'],
  'gateway.requestTimeout': [],
  'gateway.requestTimeoutUncertain': [],
  'gateway.rateLimited': ['seconds'],
  'gateway.rateLimitedSoon': [],
  'gateway.serverError': ['status'],
  'gateway.serverErrorUncertain': ['status'],
  'gateway.unexpectedStatus': ['what', 'status'],
  'gateway.malformedAnswer': ['what'],
  'gateway.malformedAnswerSent': ['what'],
  'gateway.inputInvalid': ['detail'],
  'gateway.noStoredMessage': ['id'],
  // The gateway could not be reached, or the connection broke.
  'gateway.cancelled': [],
  'gateway.cancelledUncertain': [],
  'gateway.unreachable': ['host', 'reason'],
  'gateway.dnsFailed': ['host'],
  'gateway.tlsFailed': ['host', 'reason'],
  'gateway.connectTimeout': ['host'],
  'gateway.timeout': ['host'],
  'gateway.timeoutUncertain': ['host'],
  'gateway.connectionClosed': ['host'],
  'gateway.connectionLost': ['host'],
  'gateway.connectionLostUncertain': ['host'],
  'gateway.failed': ['host', 'reason'],
  'gateway.failedUncertain': ['host', 'reason'],
  // Settings for the gateway are missing or wrong.
  'gateway.badAddress': ['label', 'address'],
  'gateway.addressNotHttps': ['label'],
  'gateway.addressesMissing': [],
  // Test connection: which of the two addresses failed (the error underneath says how).
  'gateway.messagingAddressFailed': ['host'],
  'gateway.legacyAddressFailed': ['host'],
  'gateway.noToken': [],
  'gateway.noTokenEu': [],
  'gateway.noTokenDefault': [],
  'gateway.tokenLineBreaks': [],

  // The keychain that holds the API token.
  'keychain.readFailed': [],
  'keychain.saveFailed': [],
  'keychain.removeFailed': [],

  // Campaigns and templates.
  // Why a send chunk's recipients are uncertain (the campaign page lists each such request).
  'chunk.answerLost': [],
  'chunk.unaccounted': ['accounted', 'sent'],
  'campaign.notFound': [],
  'campaign.alreadySent': [],
  'campaign.costChanged': ['cost', 'seen', 'currency'],
  'campaign.firstLiveNotConfirmed': [],
  'campaign.alreadyAtGateway': [],
  'campaign.cannotPause': [],
  'campaign.cannotResume': [],
  'campaign.draftNotSent': [],
  'campaign.nothingToCancel': [],
  'campaign.nothingUncertain': [],
  'campaign.cancelledDuplicate': [],
  'campaign.notEditable': [],
  'campaign.stillSending': [],
  'campaign.notFinished': [],
  'campaign.noFailedRecipients': [],
  'campaign.startedInSandbox': [],
  'campaign.startedLive': [],
  'campaign.prepareFailed': [],
  'template.nameTaken': ['name'],
  'template.notFound': [],

  // What a delivery status means (src-shared/delivery-status.ts): each state, and each gateway status with its own words.
  'delivery.state.pending': [],
  'delivery.state.sent': [],
  'delivery.state.delivered': [],
  'delivery.state.read': [],
  'delivery.state.failed': [],
  'delivery.state.expired': [],
  'delivery.state.cancelled': [],
  'delivery.state.unknown': [],
  'delivery.sms.ACCEPTED': [],
  'delivery.sms.ENROUTE': [],
  'delivery.sms.DELETED': [],
  'delivery.sms.UNDELIVERABLE': [],
  'delivery.sms.REJECTED': [],
  'delivery.rcs.ENROUTE': [],
  'delivery.legacy.SCHEDULED': [],
  'delivery.legacy.BUFFERED': [],
  'delivery.legacy.ENROUTE': [],
  'delivery.legacy.ACCEPTED': [],
  'delivery.legacy.UNDELIVERABLE': [],
  'delivery.legacy.REJECTED': [],
  'delivery.legacy.SKIPPED': [],
  // Why a delivery failed, as the gateway's error code says (src-shared/delivery-failures.ts); its code stays visible.
  'delivery.gatewayError.insufficientCredit': ['hex'],
  'delivery.gatewayError.senderNotSupported': ['hex'],
  'delivery.gatewayError.noRoute': ['hex'],
  'delivery.gatewayError.absentSubscriber': ['hex'],
  'delivery.gatewayError.operatorExpired': ['hex'],
  'delivery.gatewayError.validityEnded': ['hex'],
  'delivery.gatewayError.operatorRejected': ['hex'],
  'delivery.gatewayError.numberBlocked': ['hex'],
  'delivery.gatewayError.operatorDeleted': ['hex'],
  // A code Besked does not explain: the gateway's own words, and its code.
  'delivery.gatewayError.unexplained': ['words', 'hex'],
  'delivery.gatewayError.wordsOnly': ['words'],
  'delivery.gatewayError.codeOnly': ['hex'],
  // Besked's own: polling ended at the message's validity without a final status (sync/status-updates.ts).
  'delivery.gaveUp': [],
  // A refused recipient whose row has no reason.
  'delivery.refused': [],

  // Contacts and groups.
  'contact.notFound': [],
  'contact.phoneTaken': ['phone', 'name'],
  'contact.phoneTakenUnnamed': ['phone'],
  'contact.groupGone': [],
  'contact.nothingToUndo': [],
  'contact.notOptedOut': [],
  'contact.noneSelected': [],
  'contact.exportTooLarge': ['mb'],
  'phone.empty': [],
  'phone.not_a_number': [],
  'phone.scientific': [],
  'phone.too_short': [],
  'phone.too_long': [],
  'phone.unknown_country_code': [],
  'phone.needs_country': [],
  'phone.invalid': [],
  'group.notFound': [],
  'group.nameTaken': ['name'],

  // Importing contacts from a file.
  'import.fileEmpty': [],
  'import.fileTooLarge': ['size', 'max'],
  'import.busy': [],
  'import.gone': [],
  'import.notCsv.excel': [],
  'import.notCsv.oldExcel': [],
  'import.notCsv.spreadsheet': [],
  'import.notCsv.archive': [],
  'import.notCsv.pdf': [],
  'import.notCsv.image': [],
  'import.notCsv.webPage': [],
  'import.notCsv.rtf': [],
  'import.notCsv.json': [],
  'import.notUtf8': [],
  'import.notUtf8Throughout': [],
  'import.unreadable': [],
  'import.unclosedQuote': ['row'],
  'import.noRows': [],
  'import.headerOnly': [],
  // Import notices on the preview (warnings, not errors): said in the UI's language.
  'import.readAsWindows1252': [],
  'import.doubleEncoded': [],
  'import.choosePhoneColumn': [],
  // A sender that a send cannot use, or that phones may show otherwise (src-shared/senders.ts).
  'sender.empty': ['min', 'max'],
  'sender.too_short': ['min'],
  'sender.too_long': ['max'],
  'sender.alnum_over_11': ['max'],
  'sender.digits_over_15': ['max'],
  'sender.special_chars': ['chars'],
  'sender.control_chars': [],
  'import.running': [],
  'import.alreadyDone': [],
  'import.cancelled': [],
  'import.reportGone': [],
  'import.groupGone': [],
  'import.groupNameTaken': ['name'],
  'import.newGroups': ['count', 'names'],
  'import.mapping.noPhone': [],
  'import.mapping.twoPhones': [],
  'import.mapping.sameField': ['field'],

  // Replying in the inbox.
  // A paid call (reply, number lookup, email) the owner's spending caps do not leave room for (campaigns/checks/spend-caps.ts).
  'spend.overCampaignCap': ['cost', 'cap', 'currency'],
  'spend.overDailyCap': ['cost', 'room', 'cap', 'currency'],
  'spend.unpriced': [],
  'reply.empty': [],
  'reply.optedOut': [],
  // A customer's data on request (privacy.*).
  'privacy.contactGone': [],
  'privacy.invalidNumber': [],
  'privacy.messageInFlight': [],
  // The erasure is committed; rewriting the file to clear old copies failed and is owed to the next start.
  'privacy.rewriteOwed': [],
  'reply.tooLong': ['parts', 'cap'],
  'reply.noSender': [],
  'reply.badSender': [],

  // Account features, refunds, usage, email and message lookup.
  'account.notEnabled.keywords': [],
  'account.notEnabled.email': [],
  'account.notEnabled.lookup': [],
  'account.notEnabledSandbox.keywords': [],
  'account.notEnabledSandbox.email': [],
  'account.notEnabledSandbox.lookup': [],
  'refund.notOvercharged': [],
  'refund.chargePending': [],
  'refund.chargeNotCaptured': ['status'],
  'refund.notSentTo': ['id', 'msisdn'],
  'usage.pickDates': [],
  'usage.endBeforeStart': [],
  'usage.tooManyDays': ['days', 'max'],
  'usage.tooManyWeeks': ['max'],
  'email.noText': [],
  'email.attachmentsTooLarge': ['mb'],
  'message.notFound': ['id'],
  'pricing.fetchFailed': [],

  // Automations (core/automations): what an automation's editor refuses, and the problems its next sends show.
  'automation.notFound': [],
  // The runner's reasons (core/automations/runner.ts, withdrawal.ts): missed, held, skipped and not withdrawn runs.
  'automation.missedNotRunning': [],
  'automation.missedOffline': [],
  'automation.held': ['reason'],
  'automation.alreadySent': [],
  'automation.idUnknown': [],
  'automation.uncertain': [],
  'automation.notWithdrawn': ['count'],
  'automation.skippedOptedOut': [],
  'automation.skippedNoContact': [],
  'automation.skippedPaused': [],
  'automation.badTimeZone': ['zone'],
  'automation.unknownField': ['field'],
  'automation.unknownGroup': [],
  'automation.emptyText': [],
  'automation.noKeywords': [],
  'automation.keywordIsOptOut': ['keyword'],
  'automation.keywordTaken': ['keyword', 'name'],
  'automation.fallbackTaken': ['name'],
  'automation.noRecipients': [],
  'automation.noMoreRuns': [],
  'automation.unreadableDates': ['count'],
  // Held runs whose drafts wait in Campaigns for the user to send or delete them.
  'automation.attention.held': ['count'],
  // Why an inbound text got no auto-reply (an automation's history).
  'automation.reply.noRule': [],
  'automation.reply.limited': [],
  'automation.reply.optedOut': [],
  'automation.reply.notAPhone': [],
  'automation.reply.loop': [],
  'automation.reply.optOutWord': [],
  'automation.reply.tooOld': [],
  'automation.reply.assigned': [],
  'automation.reply.failed': [],
  // Why a contact who joined a welcome automation's group got no welcome text.
  'automation.welcome.paused': [],
  'automation.welcome.contactDeleted': [],
  'automation.welcome.optedOut': [],
  'automation.welcome.notAPhone': [],
  'automation.welcome.missed': [],

  // Sandbox tools (core/sandbox): never against the live gateway; a customer to play; the test gateway said no.
  'sandbox.liveMode': [],
  'sandbox.whoMissing': [],
  'sandbox.gatewayRefused': ['status', 'detail'],

  // Who may make a call on a Besked server (the dispatcher, from the contract's rules).
  'team.signInNeeded': [],
  'team.notAllowed': ['call'],

  // Team accounts (core/team): sign-in, sessions, invitations, lockout.
  'team.notAServer': [],
  'team.setupDone': [],
  'team.wrongCredentials': [],
  'team.slowDown': ['seconds'],
  'team.locked': ['minutes'],
  'team.sessionExpired': [],
  'team.linkInvalid': [],
  'team.nameTaken': ['name'],
  'team.nameHidden': [],
  'team.nameLookalike': ['name', 'like'],
  'team.signInFlood': ['connections', 'signIns', 'addresses'],
  'team.lastOwner': [],
  'team.noSuchUser': [],
  'team.wrongPassword': [],

  // A Besked server's connection and certificate (bridge/team-server, core/remote).
  'remote.onServer': [],
  'remote.badAddress': [],
  'remote.unreachable': ['url'],
  'remote.notTls': ['url'],
  'remote.fingerprintMismatch': ['url'],
  'remote.certificateChanged': ['url'],
  'remote.connectionLost': ['url'],
  // The server's own side (bridge/team-server, server/): its token file, its certificate, a window calling too fast.
  'remote.tokenFileOpen': ['file'],
  'remote.tokenFileUnreadable': ['file'],
  'remote.certificateUnreadable': ['file'],
  'remote.tooManyCalls': [],
  'remote.tooManySignIns': ['seconds'],

  // The audit trail (core/audit).
  'audit.readOnly': [],
  'audit.badTime': ['value'],

  // The shared inbox (core/inbox): assignment, notes, who is replying.
  'conversation.noSuchColleague': [],

  // Working together on contacts and drafts (core/contacts, core/campaigns).
  'contact.changedMeanwhile': ['name'],
  // At most once across users: the failed recipients of a campaign are sent to again by one resend only.
  'campaign.alreadyResent': ['id'],
  'campaign.resendByColleague': ['name'],
  // Drafts belong to their author unless shared.
  'campaign.notYourDraft': ['name'],
  // Backups and restore (core/backup, issue 28).
  'backup.diskFull': [],
  'backup.writeFailed': ['reason'],
  'backup.checkFailed': ['problem'],
  'backup.newerFormat': [],
  'backup.wrongPassphrase': [],
  'backup.damaged': [],
  'backup.notABackup': [],
  'backup.noNewPassphrase': [],
  'backup.confirmMismatch': [],
  'backup.restoreAtStart': [],
  'backup.notFound': [],
  'backup.nothingChosen': [],
  'backup.passphraseNeeded': [],
  'backup.unusable': ['problem'],
  'backup.newerSchema': ['version', 'known'],
  // A picked backup file staged chunk by chunk for a restore (core/backup/restore-upload.ts).
  'backup.uploadEmpty': [],
  'backup.uploadTooLarge': ['size', 'max'],
  'backup.uploadOutOfOrder': ['expected', 'got'],
  'backup.uploadChunkTooLarge': ['max'],
  'backup.uploadOverrun': ['size'],
  'backup.uploadIncomplete': ['received', 'size'],
  'backup.uploadGone': [],
  // Why a restored campaign waits, a recipient is uncertain, or an automation run was not sent: the backup's time.
  'backup.restoredCheck': ['at'],
  'backup.restoredUncertain': ['at'],
  'backup.restoredNotSent': ['at'],
  // A run a restore did not send, asked to be sent anyway a second time (or no longer waiting): nothing is sent.
  'backup.notSentGone': [],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The parameters of a code: exactly its registered names, each a string or a number. */
export type ErrorParams<C extends ErrorCode> = { [K in (typeof ERROR_CODES)[C][number]]: string | number };

/** A code with its parameters, ready to spread into a BeskedError's extra; a code without parameters takes none. */
export type Coded = { code: ErrorCode; params?: Record<string, string | number> };

export function coded<C extends ErrorCode>(
  code: C,
  ...params: (typeof ERROR_CODES)[C] extends readonly [] ? [] : [ErrorParams<C>]
): Coded {
  const p = params[0];
  return p === undefined ? { code } : { code, params: { ...p } };
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}
