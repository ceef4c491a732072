import type { AddonProvider } from '../../model/addon.js'

/**
 * The providers flagport delivers to, with the parameters the Admin UI asks for and the events
 * they can listen to (Unleash's webhook provider, word for word but for the retry promise).
 * Slack, Teams, Datadog and New Relic are not offered (docs/decisions.md).
 */
export const WEBHOOK: AddonProvider = {
  "name": "webhook",
  "displayName": "Webhook",
  "description": "A Webhook is a generic way to post messages from Unleash to third party services.",
  "documentationUrl": "https://docs.getunleash.io/integrate/webhook",
  "howTo": "The Webhook Addon introduces a generic way to post messages from Unleash to third party services. Unleash allows you to define a webhook which listens for changes in Unleash and posts them to a third party services.",
  "parameters": [
    {
      "name": "url",
      "displayName": "Webhook URL",
      "description": "(Required) flagport will perform an HTTP POST to the specified URL, retrying with backoff while it fails",
      "type": "url",
      "required": true,
      "sensitive": true
    },
    {
      "name": "contentType",
      "displayName": "Content-Type",
      "placeholder": "application/json",
      "description": "(Optional) The Content-Type header to use. Defaults to \"application/json\".",
      "type": "text",
      "required": false,
      "sensitive": false
    },
    {
      "name": "authorization",
      "displayName": "Authorization",
      "placeholder": "",
      "description": "(Optional) The Authorization header to use. Not used if left blank.",
      "type": "text",
      "required": false,
      "sensitive": true
    },
    {
      "name": "customHeaders",
      "displayName": "Extra HTTP Headers",
      "placeholder": "{\n\"ISTIO_USER_KEY\": \"hunter2\",\n\"SOME_OTHER_CUSTOM_HTTP_HEADER\": \"SOMEVALUE\"\n}",
      "description": "(Optional) Used to add extra HTTP Headers to the request the plugin fires off. This must be a valid json object of key-value pairs where both the key and the value are strings",
      "required": false,
      "sensitive": true,
      "type": "textfield"
    },
    {
      "name": "bodyTemplate",
      "displayName": "Body template",
      "placeholder": "{\n  \"event\": \"{{event.type}}\",\n  \"createdBy\": \"{{event.createdBy}}\",\n  \"featureToggle\": \"{{event.data.name}}\",\n  \"timestamp\": \"{{event.data.createdAt}}\",\n  \"json\": {{{eventJson}}}\n}",
      "description": "(Optional) You may format the body using a mustache template. If you don't specify anything, the format will be similar to the [events format](https://docs.getunleash.io/concepts/events). You can use `{{{eventJson}}}` to include the entire serialized event, or `\"{{eventMarkdown}}\"` for the formatted description.",
      "type": "textfield",
      "required": false,
      "sensitive": false
    }
  ],
  "events": [
    "feature-created",
    "feature-updated",
    "feature-archived",
    "feature-revived",
    "feature-stale-on",
    "feature-stale-off",
    "feature-completed",
    "feature-environment-enabled",
    "feature-environment-disabled",
    "feature-strategy-remove",
    "feature-strategy-update",
    "feature-strategy-add",
    "feature-metadata-updated",
    "feature-variants-updated",
    "feature-project-change",
    "feature-tagged",
    "feature-untagged",
    "change-request-created",
    "change-request-discarded",
    "change-added",
    "change-discarded",
    "change-request-approved",
    "change-request-approval-added",
    "change-request-cancelled",
    "change-request-sent-to-review",
    "change-request-applied",
    "change-request-scheduled",
    "change-request-scheduled-application-success",
    "change-request-scheduled-application-failure",
    "change-request-schedule-suspended",
    "feature-potentially-stale-on",
    "release-plan-progressions-paused",
    "release-plan-progressions-resumed"
  ]
}

export const PROVIDERS: readonly AddonProvider[] = [WEBHOOK]

export const providerNamed = (name: string): AddonProvider | undefined => PROVIDERS.find((p) => p.name === name)

/** The names of a provider's parameters whose values are never answered. */
export const sensitiveParameters = (provider: AddonProvider): ReadonlySet<string> => new Set(provider.parameters.filter((p) => p.sensitive).map((p) => p.name))
