window.exampleConfig = undefined // the localnet demo server serves its own config.js
