/**
 * Sends mail to users; optional, and each method returns whether it was sent. Without a
 * sender (or `sendResetPassword`), reset links are written to the server's log instead.
 */
export interface EmailPort {
  /** The welcome e-mail when a user is created, with the invite link to set a password. */
  sendWelcome(message: { to: string; name: string | null; inviteLink: string }): Promise<boolean>
  /** A password reset link someone asked for on the forgotten-password page. */
  sendResetPassword?(message: { to: string; name: string | null; resetLink: string }): Promise<boolean>
}
