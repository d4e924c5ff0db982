/**
 * Account names (docs/behaviour.md §5 account name rule, §4 name registration): what a
 * name is, shared by the guards, the views and the name-service client. Names are EVM only
 * (docs/behaviour.md §9) and live in one zone of the hosted name service.
 */
import { ERRORS } from './kernel/error-registry.js'

/** The zone of the hosted name service: a registered name is `<label>.reown.id`. */
export const NAME_ZONE = 'reown.id'

/** Longest label Gangway sends (the whole name stays under MAX_REMOTE_NAME, 64). */
export const NAME_LABEL_MAX = 55

/** The refusal of a label outside the rule (projections/rules/refusals.ts; RegisterAccountName shows it as the visitor types). */
export const INVALID_NAME_LABEL = ERRORS.invalidNameLabel.message

/** docs/behaviour.md §5: at least 4 characters, only letters, digits and hyphens (and at most NAME_LABEL_MAX). */
export function isValidNameLabel(label: string): boolean {
  return label.length >= 4 && label.length <= NAME_LABEL_MAX && /^[A-Za-z0-9-]+$/.test(label)
}

/** The full name of `label` in NAME_ZONE, lowercased (names are case-insensitive). */
export function fullName(label: string): string {
  return `${label.toLowerCase()}.${NAME_ZONE}`
}

/**
 * Whether a send form's receiver is a name to resolve rather than an address: labels of letters,
 * digits and hyphens joined by dots, ending in a label of at least 2 letters (`alice.reown.id`,
 * `harbourmaster.eth`), at most 255 characters.
 */
export function isNameLike(receiver: string): boolean {
  return receiver.length <= 255 && /^([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/.test(receiver)
}
