/**
 * The generic validation messages of spec section 5, shared by the API's validation errors and the
 * web app's forms so that a user reads the same words in both places.
 */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Must be a valid email',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  blankPassword: 'The password cannot be only spaces',
  phone: 'Must be a valid Nigerian phone number',
  emailOrPhone: 'Must be a valid email or Nigerian phone number',
  invalidAmount: 'Please enter valid amount',
  /** A name, plate or subject is one line of visible text: no line breaks, tabs or other control characters. */
  oneLine: 'Must be one line, without control characters',
  apiFailed: 'API request failed',
  invalidToken: 'Invalid token',
  /** The organization requires a note to approve a request that carries anomaly flags (Settings). */
  flaggedApprovalNoteRequired: 'A note is required to approve a flagged request',
} as const;
