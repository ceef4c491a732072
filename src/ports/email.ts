/** Sends the welcome e-mail when a user is created; optional. Returns whether it was sent. */
export interface EmailPort {
  sendWelcome(message: { to: string; name: string | null; inviteLink: string }): Promise<boolean>
}
