// The English text of every error code in src-shared/error-codes.ts, with exactly its {parameters}; en.ts mounts it as `errors`.
import { backupErrorsEn } from './backup-en';
import { PHONE_REJECTION_MESSAGES } from '../../src-shared/phone-rejections';
import { GAVE_UP_ERROR, REFUSED_WORDS } from '../../src-shared/delivery-failures';
import { deliveryHelpEn } from './delivery-help-en';

export const errorTextsEn = {
  internal: {
    unexpected: 'Something went wrong inside Besked. Your data is safe; please try again.',
    unknownFailure: 'Something went wrong. Please try again.',
  },
  call: {
    invalidInput: 'Besked could not do this: the input to {call} was not valid ({problem}).',
    tooLarge: 'Besked could not do this: the request to {call} is larger than it takes (at most {kib} KiB).',
  },
  gateway: {
    insufficientCredit: 'Your gateway account does not have enough credit for this. Top up the account in the gateway dashboard, then try again.',
    conflict: 'The gateway could not do this right now. {said}',
    invalidRequest: 'The gateway did not accept the request (HTTP {status}). {detail}',
    notEnabled:
      'Your gateway account is not enabled for this feature. Keywords, email and number lookup need a separate agreement with the gateway; contact its support to get access.',
    tokenRefused:
      'The gateway refused the API token (HTTP {status}). A token only works on the platform it was made for (EU or default), so check that the token and the platform chosen in Settings match. The account may also only accept requests from certain IP addresses (set in the gateway dashboard).',
    ipRefused:
      'The gateway refused the request from this computer’s IP address (HTTP {status}). The account only accepts requests from certain IP addresses; add this one in the gateway dashboard.',
    notFound: 'The gateway could not find what Besked asked for ({what}).',
    requestTimeout: 'The gateway gave up waiting for the request, so it was not processed. Check your internet connection and try again.',
    requestTimeoutUncertain: 'The gateway gave up waiting (HTTP 408), so Besked cannot tell whether it processed the request. It is not sent again by itself.',
    rateLimited: 'The gateway is receiving too many requests from this account and did not process this one. Try again in {seconds} seconds.',
    rateLimitedSoon: 'The gateway is receiving too many requests from this account and did not process this one. Try again in a little while.',
    serverError: 'The gateway had a problem of its own (HTTP {status}). Try again in a few minutes.',
    serverErrorUncertain:
      'The gateway had a problem of its own (HTTP {status}). It may still have accepted the request: check the message log (or wait for delivery reports) before sending again.',
    unexpectedStatus: 'The gateway answered {what} with HTTP {status}, which Besked does not expect. Check the gateway addresses in Settings.',
    malformedAnswer: 'The gateway’s answer to {what} was not in the expected form. Besked may need an update for a change in the gateway.',
    malformedAnswerSent:
      'The gateway’s answer to {what} was not in the expected form. The gateway did accept the request, so do not send it again; check the message log for its outcome.',
    inputInvalid: 'Besked did not send this because some details are not valid: {detail}.',
    noStoredMessage: 'The gateway has no sent message with id {id}. A message can only be looked up after it has been sent; a scheduled one is not there yet.',
    cancelled: 'The request to the gateway was cancelled.',
    cancelledUncertain:
      'The request to the gateway was cancelled after it had gone out, so the gateway may have accepted it: check the message log (or wait for delivery reports) before sending again.',
    unreachable: 'Could not connect to the gateway at {host} ({reason}). Check your internet connection and the gateway addresses in Settings.',
    dnsFailed: 'Could not find the gateway’s address {host}. Check your internet connection and the gateway addresses in Settings.',
    tlsFailed:
      'Could not set up a secure connection to {host} ({reason}). Check the gateway addresses in Settings; a proxy or antivirus program may be intercepting secure connections.',
    connectTimeout: 'Could not connect to the gateway at {host} in time. Check your internet connection.',
    timeout: 'The gateway at {host} did not answer in time. Try again in a moment.',
    timeoutUncertain:
      'The gateway at {host} did not answer in time. The request had already gone out, so the gateway may have accepted it: check the message log (or wait for delivery reports) before sending again.',
    connectionClosed: 'The connection to the gateway at {host} closed before the request went out. Try again in a moment.',
    connectionLost: 'The connection to the gateway at {host} was lost before it answered. Try again in a moment.',
    connectionLostUncertain:
      'The connection to the gateway at {host} was lost before it answered. The request had already gone out, so the gateway may have accepted it: check the message log (or wait for delivery reports) before sending again.',
    failed: 'Talking to the gateway at {host} failed ({reason}). Try again in a moment.',
    failedUncertain:
      'Talking to the gateway at {host} failed ({reason}). The request had already gone out, so the gateway may have accepted it: check the message log (or wait for delivery reports) before sending again.',
    badAddress: 'The gateway {label} address "{address}" in Settings is not a valid web address.',
    addressNotHttps: 'The gateway {label} address must start with https:// so the API token is never sent unencrypted.',
    addressesMissing: 'Enter both gateway addresses for this platform first.',
    messagingAddressFailed: 'The messaging interface address ({host}) did not work:',
    legacyAddressFailed: 'The REST interface address ({host}) did not work:',
    noToken: 'No API token is set. Paste your API token from the gateway dashboard in Settings.',
    noTokenEu: 'No API token is set for the EU platform. Paste one from the gateway dashboard.',
    noTokenDefault: 'No API token is set for the default platform. Paste one from the gateway dashboard.',
    tokenLineBreaks: 'The API token contains line breaks. Copy it again from the gateway dashboard and paste it in Settings.',
  },
  storage: {
    full: 'The disk is full, so Besked cannot save anything right now. Free some space; sending waits meanwhile and goes on by itself. Nothing was sent twice and nothing is lost.',
    readOnly: 'Besked’s data folder cannot be written to (it is read-only). Check the folder’s permissions; sending waits meanwhile and goes on by itself. Nothing was sent twice and nothing is lost.',
    ioError: 'The disk reported an error while Besked was saving. Check the disk; sending waits meanwhile and goes on by itself. Nothing was sent twice and nothing is lost.',
  },
  bridge: {
    wrongKey:
      'This link is not valid for this run of Besked: web mode makes a new key each time it starts. Open the address it printed in the terminal where you ran npm run web (“Besked web: http://127.0.0.1:…/?key=…”). If that terminal is closed, run npm run web again: it prints the address of the one already running.',
    notRunning: 'Besked is not running. Start it again with npm run web.',
    reconnecting: 'Lost the connection to Besked. Reconnecting…',
  },
  app: {
    alreadyRunning: 'Besked is already running with this data folder ({who}). Close it first, or start this one with another data folder. Folder: {folder}',
  },
  keychain: {
    readFailed: 'The keychain could not be read. Unlock it and try again.',
    saveFailed: 'The token could not be saved in the keychain. Unlock it and try again.',
    removeFailed: 'The token could not be removed from the keychain. Unlock it and try again.',
  },
  chunk: {
    answerLost: 'Besked stopped before it could record the gateway’s answer to this request, so the gateway may well have accepted these messages. Check before sending again: delivery reports that arrive for them are counted here.',
    unaccounted: 'The gateway accepted the request, but its answer accounted for only {accounted} of its {sent} recipients, so the others may well have the message. They are not sent again by themselves.',
  },
  campaign: {
    notFound: 'This campaign no longer exists.',
    alreadySent: 'This campaign has already been sent or scheduled.',
    costChanged: 'The cost is now {cost} {currency} instead of the {seen} you saw (recipients or prices changed). Check it and send again.',
    firstLiveNotConfirmed: 'This is the first send with your live token: real texts go to real people and cost money. Press Send again and confirm the warning.',
    alreadyAtGateway: 'This campaign is already at the gateway, scheduled for its time. Cancel it instead if it must not go out.',
    cannotPause: 'Only a campaign that is sending or waiting can be paused.',
    cannotResume: 'Only a paused campaign can be resumed.',
    draftNotSent: 'This message has not been sent. Delete the draft instead.',
    nothingToCancel: 'This campaign has already gone out, so there is nothing left to cancel.',
    nothingUncertain: 'No recipient of this campaign is uncertain any more.',
    cancelledDuplicate: 'This campaign was cancelled. Duplicate it to send again.',
    notEditable: 'This campaign has already been sent or scheduled, so it can no longer be edited. Duplicate it to send a changed copy.',
    stillSending: 'This campaign is still on its way. Cancel it first, then delete it.',
    notFinished: 'This campaign is still on its way. Send to its failed recipients again once it has finished.',
    noFailedRecipients: 'No recipient of this campaign failed, so there is nobody to send to again.',
    startedInSandbox: 'This campaign started in Sandbox, and Besked is now connected to the live gateway. Resume it to send the rest for real.',
    startedLive: 'This campaign started on the live gateway, and Besked is now in Sandbox. Resume it to send the rest to the test gateway.',
    prepareFailed: 'Besked could not prepare this campaign’s messages. Please report this; nothing was sent.',
    alreadyResent: 'The failed recipients were already sent to again in campaign {id}. Open it to see how that went, and send to its own failed recipients from there.',
    resendByColleague: '{name} is already preparing to send to the failed recipients again, in a draft not shared with you. Ask {name} to send it or to share it.',
    notYourDraft: 'This draft belongs to {name}, who has not shared it. Ask {name} to share it, or duplicate it to work on a copy of your own.',
  },
  template: {
    nameTaken: 'A template called "{name}" already exists. Choose another name.',
    notFound: 'This template no longer exists.',
  },
  delivery: {
    // What each status means: the words of src-shared/delivery-status.ts (the campaign page's tooltips use them too).
    ...deliveryHelpEn,
    // The words of src-shared/delivery-failures.ts's GATEWAY_ERRORS, so an English page reads as the gateway's report did.
    gatewayError: {
      insufficientCredit: 'Insufficient credit ({hex})',
      senderNotSupported: 'Sender not supported at the destination ({hex})',
      noRoute: 'No route to the destination country ({hex})',
      absentSubscriber: 'Recipient unknown or unreachable (absent subscriber) ({hex})',
      operatorExpired: 'Message expired in the operator network ({hex})',
      validityEnded: 'Validity period ended before delivery ({hex})',
      operatorRejected: 'Rejected by the operator ({hex})',
      numberBlocked: 'Recipient skipped: number is blocked on the account ({hex})',
      operatorDeleted: 'Deleted by the operator before delivery ({hex})',
      unexplained: '{words} ({hex})',
      wordsOnly: '{words}',
      codeOnly: '{hex}',
    },
    gaveUp: GAVE_UP_ERROR,
    refused: REFUSED_WORDS,
  },
  contact: {
    changedMeanwhile: '{name} was changed by someone else while you were editing. Look at what changed and choose.',
    notFound: 'This contact no longer exists. It may have been deleted.',
    phoneTaken: '{phone} already belongs to {name}. One number belongs to one contact.',
    phoneTakenUnnamed: '{phone} already belongs to another contact. One number belongs to one contact.',
    groupGone: 'One of the chosen groups no longer exists. Reload and choose again.',
    nothingToUndo: 'There is nothing to undo any more: deleted contacts can be restored for 24 hours.',
    notOptedOut: 'This number has not opted out; there is nothing to opt in.',
    noneSelected: 'No contacts are selected to export.',
    exportTooLarge: 'The file would be {mb} MB, more than Besked can hand over at once. Export a group or a search result at a time.',
  },
  // The same sentences the core writes (src-shared/phone.ts), kept in one place.
  phone: PHONE_REJECTION_MESSAGES,
  group: {
    notFound: 'This group no longer exists.',
    nameTaken: 'There is already a group called "{name}".',
  },
  import: {
    fileEmpty: 'The file is empty. Choose the file with your contacts in it.',
    fileTooLarge: 'The file is {size}; Besked imports files up to {max}. Split it into smaller files, or remove columns you do not need.',
    busy: 'Other imports are still running. Wait for them to finish.',
    gone: 'This import is no longer available. Choose the file again.',
    notCsv: {
      excel: 'This is an Excel workbook, not a CSV file. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)", then import that file.',
      oldExcel: 'This is an old Excel (.xls) or Office file, not a CSV file. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)", then import that file.',
      spreadsheet: 'This is a LibreOffice spreadsheet, not a CSV file. Choose File › Save As › "Text CSV", then import that file.',
      archive: 'This is a compressed archive. Unpack it and import the CSV file inside.',
      pdf: 'This is a PDF document, not a CSV file. Export the list from the program that made it as CSV.',
      image: 'This is a picture, not a CSV file.',
      webPage: 'This is a web page or XML file, not a CSV file. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)", then import that file.',
      rtf: 'This is a Word/RTF document, not a CSV file.',
      json: 'This is a JSON file, not a CSV file. Export the list as CSV.',
    },
    notUtf8: 'This file is not UTF-8 text. Choose Windows-1252 (Latin-1) as its encoding, or let Besked detect it.',
    notUtf8Throughout: 'This file is not UTF-8 text throughout. Choose Windows-1252 (Latin-1) as its encoding and import again.',
    unreadable:
      'Besked cannot read the text in this file: it is not UTF-8, UTF-16 or Windows-1252 text. In Excel choose File › Save As › "CSV UTF-8", then import that file.',
    unclosedQuote:
      'Row {row} opens a quote (") that never closes, so Besked cannot tell where the row ends. Fix the quotes in that row (or save the file again from Excel) and import again. Nothing was imported.',
    noRows: 'The file is empty: there are no rows in it. Choose the file with your contacts.',
    headerOnly: 'The file has a header row but no contacts under it. Choose the file with your contacts.',
    readAsWindows1252: 'Read as Windows-1252 (Latin-1), as Excel saves CSV files. If letters like æ, ø and å look wrong below, choose another encoding.',
    doubleEncoded: 'Letters like "Ã¸" suggest the file was converted to UTF-8 twice. Check the names below; export the file again if they look wrong.',
    choosePhoneColumn: 'Choose the column that holds the phone numbers.',
    running: 'This file is being imported already.',
    alreadyDone: 'This file has been imported already. Choose it again to import it once more.',
    cancelled: 'Import cancelled. Nothing was changed.',
    reportGone: 'The report of this import is no longer available.',
    groupGone: 'The chosen group no longer exists. Choose another group and import again.',
    groupNameTaken: 'There is already a group called "{name}". Choose it as an existing group, or another name.',
    newGroups: 'The file names {count} groups that do not exist yet: {names}. Confirm to create them and import.',
    mapping: {
      noPhone: 'Choose the column that holds the phone numbers.',
      twoPhones: 'Only one column can be the phone number. Set the others to a custom field or "Skip".',
      sameField: 'Two columns go to the same field ({field}). Choose a different field for one of them.',
    },
  },
  spend: {
    overCampaignCap: 'This costs {cost} {currency}, more than the spending limit of {cap} {currency} per send. The owner can raise it in Settings.',
    overDailyCap: 'This costs {cost} {currency}, but only {room} {currency} of today’s spending limit of {cap} {currency} is left. The owner can raise it in Settings.',
    unpriced: 'Besked does not know yet what this costs, so it cannot keep it within the spending limits. The owner can lift the limits in Settings for it.',
  },
  privacy: {
    contactGone: 'This contact no longer exists. Search for the number instead under "Data for a number".',
    invalidNumber: 'This is not a phone number Besked can read. Type it with its country code, for example +45 20 12 34 56.',
    messageInFlight: 'A text to this person is being handed to the gateway right now. Try again in a minute; nothing was deleted.',
    rewriteOwed: 'Everything about the person is deleted, but Besked could not yet rewrite its database file to clear old copies of their data (the disk may be full). Free some space; Besked finishes this the next time it starts.',
  },
  sender: {
    empty: 'Enter a sender name or number ({min} to {max} characters).',
    too_short: 'A sender needs at least {min} characters.',
    too_long: 'A sender can have at most {max} characters.',
    alnum_over_11: 'Phones show at most {max} letters and digits as the sender; a longer name is cut or refused.',
    digits_over_15: 'A numeric sender can have at most {max} digits.',
    special_chars: 'Characters other than A–Z, a–z and 0–9 ({chars}) may be replaced or refused by phone networks.',
    control_chars: 'The sender contains a line break or another invisible control character.',
  },
  reply: {
    empty: 'Write a reply first.',
    optedOut: 'This number has opted out, so Besked will not text it. If the customer asked to hear from you again, opt the number in under Contacts first.',
    tooLong: 'This reply takes {parts} SMS parts; your limit in Settings is {cap}. Shorten it or raise the limit.',
    noSender: 'Choose who the reply is from: set a default sender in Settings or type one here.',
    badSender: 'A sender is up to 11 letters and digits, or up to 15 digits.',
  },
  account: {
    notEnabled: {
      keywords:
        'Keyword management is not enabled on your gateway account. Keywords need a separate agreement with the gateway. Contact the gateway’s support and ask them to enable keywords on your account, then try again.',
      email:
        'Email sending is not enabled on your gateway account. Email is enabled on request. Contact the gateway’s support and ask for email access, then try again.',
      lookup:
        'Number lookup is not enabled on your gateway account. Contact the gateway’s support and ask them to enable number lookup (HLR) on your account, then try again.',
    },
    notEnabledSandbox: {
      keywords: 'Keyword management is not enabled on your gateway account. In Sandbox, the test gateway has this feature switched off.',
      email: 'Email sending is not enabled on your gateway account. In Sandbox, the test gateway has this feature switched off.',
      lookup: 'Number lookup is not enabled on your gateway account. In Sandbox, the test gateway has this feature switched off.',
    },
  },
  refund: {
    notOvercharged:
      'Only overcharged messages (billed to the recipient’s phone bill) can be refunded. This message was paid from your account credit, so there is nothing to give back to the recipient.',
    chargePending: 'The gateway has not reported this message delivered with its charge captured yet. Wait for the delivery report; only captured charges can be refunded.',
    chargeNotCaptured: 'The charge status is {status}. Only charges the gateway reports as CAPTURED can be refunded.',
    notSentTo: 'Message {id} was not sent to {msisdn}, so there is nothing to refund for that number.',
  },
  usage: {
    pickDates: 'Pick a start and an end date.',
    endBeforeStart: 'The end date is before the start date.',
    tooManyDays: 'That is {days} days, and Besked asks the gateway once per day: pick at most {max} days, or show the range by week.',
    tooManyWeeks: 'That range has more than {max} weeks, and Besked asks the gateway once per week: pick a shorter range.',
  },
  email: {
    noText: 'Write the email text, as plain text, HTML or both.',
    attachmentsTooLarge: 'The attachments are {mb} MB together; the gateway accepts at most 5 MB per email. Remove some, or share large files as a link.',
  },
  message: {
    notFound:
      'The gateway has no sent message with id {id}. Check the number. A message can only be looked up a few moments after it has been sent; a scheduled message is not there before its send time.',
  },
  sandbox: {
    liveMode:
      'Sandbox tools work only in Sandbox. Besked is connected to the live gateway now, where they would reach real phones, so nothing was done.',
    whoMissing: 'Pick a contact or type a phone number (not both).',
    gatewayRefused: 'The built-in test gateway refused this (status {status}): {detail}',
  },
  pricing: {
    fetchFailed: 'The price list could not be fetched: something went wrong inside Besked. Please try again.',
  },
  automation: {
    notFound: 'This automation no longer exists.',
    missedNotRunning: 'Besked was not running when this run was due, and the grace period had passed, so it was not sent.',
    missedOffline: 'The gateway could not be reached until the grace period had passed, so this run was not sent.',
    held: 'This run was held and nothing was sent: {reason} Its campaign waits as a draft in Campaigns: send or delete it there.',
    alreadySent: 'It had already been sent (or deleted) at the gateway, so it could not be withdrawn.',
    idUnknown: 'Besked stopped while handing it to the gateway, so the gateway\'s answer with its id was lost: it cannot be withdrawn and may still go out at its send time.',
    uncertain: 'Besked stopped while handing it to the gateway and never learnt whether the gateway took it: it may have gone out.',
    notWithdrawn: '{count} messages handed to the gateway ahead could not be withdrawn and may still go out.',
    skippedOptedOut: 'The number has opted out, so nothing was sent.',
    skippedNoContact: 'The contact was deleted, so nothing was sent.',
    skippedPaused: 'The automation was paused when this run was due, so it was not sent.',
    badTimeZone: 'Besked does not know the time zone "{zone}". Pick one from the list, for example Europe/Copenhagen.',
    unknownField: 'The contacts have no field "{field}". Pick a date field that exists.',
    unknownGroup: 'The chosen group no longer exists. Pick another group.',
    emptyText: 'Write the text the automation sends.',
    noKeywords: 'Give the rule at least one keyword, or make it the rule for anything else.',
    keywordIsOptOut: '"{keyword}" is an opt-out word. It always opts the sender out and cannot start an auto-reply.',
    keywordTaken: 'The keyword "{keyword}" is already used by the active rule "{name}".',
    fallbackTaken: 'The active rule "{name}" already answers anything else. Only one rule can.',
    noRecipients: 'Nobody would get this message: the chosen recipients are empty.',
    noMoreRuns: 'This automation has no more runs: its end date or number of runs has passed.',
    unreadableDates: '{count} contacts have a value in this field that is not a date Besked can read.',
    attention: {
      held: '{count} runs were held and not sent. Send or delete their drafts in Campaigns.',
    },
    reply: {
      noRule: 'No keyword matched this text.',
      limited: 'Not answered: this number already got the reply within the rule\'s limit.',
      optedOut: 'Not answered: this number has opted out.',
      notAPhone: 'Not answered: the sender is not a phone number (a short code, a name, or one of your own numbers).',
      loop: 'Not answered: this number sent the same text more than 3 times in an hour, so Besked stopped to avoid a loop.',
      optOutWord: 'Not answered: the text is an opt-out word.',
      tooOld: 'Not answered: the text arrived while Besked was closed, longer ago than the grace period.',
      assigned: 'Not answered: the conversation is assigned to a colleague, who answers it in person.',
      failed: 'The reply could not be written.',
    },
    welcome: {
      paused: 'Not sent: the automation was switched off before the welcome text went.',
      contactDeleted: 'Not sent: the contact was deleted.',
      optedOut: 'Not sent: this number has opted out.',
      notAPhone: 'Not sent: the contact\'s number is not a phone number.',
      missed: 'Not sent: the contact joined while Besked was not running, longer ago than the grace period, so the welcome text was not sent late.',
    },
  },
  team: {
    signInNeeded: 'Sign in first: this Besked server asks who you are.',
    notAllowed: 'Only the shop\'s owner may do this ({call}). Ask an owner to do it or to change your role.',
    notAServer: 'This is Besked on one PC: it has no accounts. Start a Besked server to work as a team.',
    setupDone: 'This server already has its owner. Sign in, or ask the owner for an invitation.',
    wrongCredentials: 'That name and password do not match, or too many wrong passwords have paused this account for a while. Check both and try again in a few minutes; an owner can lift a pause by resetting your password.',
    slowDown: 'Too many wrong passwords. Wait {seconds} seconds, then try again.',
    locked: 'Too many wrong passwords: this account is locked for {minutes} minutes. An owner can lift the lock by resetting your password.',
    sessionExpired: 'You have been signed out. Sign in again.',
    linkInvalid: 'This link has been used, withdrawn or has expired. Ask an owner for a new one.',
    nameTaken: 'Someone on the team is already called {name}. Choose another name.',
    signInFlood: 'A flood of sign-ins was held back: {connections} connections and {signIns} sign-in attempts refused, from {addresses} addresses.',
    nameHidden: 'A name cannot hold invisible characters (such as zero-width spaces or text-direction marks). Type the name again without pasting it.',
    nameLookalike: '“{name}” looks too much like {like}, who is already on the team. Choose a name colleagues can tell apart.',
    lastOwner: 'A Besked server needs at least one owner. Make someone else owner first.',
    noSuchUser: 'That user is no longer on the team.',
    wrongPassword: 'Your current password is not right. Nothing was changed.',
  },

  remote: {
    onServer: 'This is a Besked server: connect to it from the desktop app\'s Settings, not from the server itself.',
    badAddress: 'Write the server\'s address as the server printed it, for example https://192.168.1.20:8443. A Besked server on the network speaks only https.',
    unreachable: 'The Besked server at {url} cannot be reached. Your work there is safe; Besked keeps trying. Check that the server PC is on and on the same network.',
    notTls: 'Something answers at {url}, but not as a Besked server (no secure connection). Check the address and the port.',
    fingerprintMismatch: 'The server at {url} now shows a different fingerprint than the one you checked. Check again and compare it with the one the server printed.',
    certificateChanged: 'The server at {url} shows a different certificate than the one this PC trusts, so Besked sent it nothing. Compare the new fingerprint with the one the server printed before you connect again.',
    connectionLost: 'The connection to the Besked server at {url} broke before it answered. Look whether it was done before you try again.',
    tokenFileOpen: 'The server\'s token file {file} can be read by other users of this computer. Make it readable by the server\'s user only (chmod 600 {file}), then try again.',
    tokenFileUnreadable: 'The server\'s token file {file} could not be read or written. Check that the data folder belongs to the user running the server.',
    certificateUnreadable: 'The certificate or key {file} could not be read, or they do not belong together. Check the files given with --cert and --key.',
    tooManyCalls: 'This window sent too many requests at once. Wait a moment and try again.',
    tooManySignIns: 'Too many sign-ins from this network address. Wait {seconds} seconds, then try again.',
  },

  audit: {
    readOnly: 'The audit trail cannot be changed.',
    badTime: '{value} is not a date and time. Choose the period again.',
  },

  conversation: {
    noSuchColleague: 'That colleague is no longer on the team. Choose someone else.',
  },

  backup: backupErrorsEn,
} as const;
