// Why a phone number cannot be used, and the shop owner's explanation of each reason in English; apart from
// phone.ts so the UI's error texts carry these words without loading libphonenumber (issue 29).

/** Why a number cannot be used. Each reason has a message a shop owner can act on (phoneRejectionMessage). */
export type PhoneRejection =
  | 'empty'
  | 'not_a_number' // letters or symbols that no phone number has
  | 'scientific' // a spreadsheet turned it into 4.52012E+09 and lost digits
  | 'too_short'
  | 'too_long'
  | 'unknown_country_code' // +999 …: no country has that calling code
  | 'needs_country' // national format and no default country to read it in
  | 'invalid'; // the right shape, but no numbering plan has such a number

/** The shop owner's explanation of each rejection, in English: the core's message and the UI's English text. */
export const PHONE_REJECTION_MESSAGES: Readonly<Record<PhoneRejection, string>> = {
  empty: 'No phone number.',
  not_a_number: 'This is not a phone number: it has letters or symbols a number cannot have.',
  scientific: 'The number was turned into scientific notation (like 4.52E+09) by a spreadsheet and lost digits. Format the column as Text and export again.',
  too_short: 'The number is too short.',
  too_long: 'The number is too long.',
  unknown_country_code: 'No country has this country code. Check the digits after + or 00.',
  needs_country: 'The number has no country code. Choose the country for numbers without +.',
  invalid: 'No country has a phone number like this. Check the digits, or the default country.',
};

/** The shop owner's explanation of a rejection, in English (the renderer translates by reason code). */
export function phoneRejectionMessage(reason: PhoneRejection): string {
  return PHONE_REJECTION_MESSAGES[reason];
}
