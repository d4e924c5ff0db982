// gangway/wagmi's declarations are the real ones, not `any`: each misuse below must fail to compile
// (`tsc` reports an unused @ts-expect-error otherwise).
import { gangway } from 'gangway/wagmi'

// @ts-expect-error the connector needs the modal
gangway({})
// @ts-expect-error restoreTimeoutMs is in ms, a number
gangway({ modal: undefined as never, restoreTimeoutMs: '10s' })
