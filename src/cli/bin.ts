/** The `gangway` executable (package.json bin): runs the CLI on the process arguments. */
import { main } from './gangway.js'

process.exitCode = main(process.argv.slice(2))
