/**
 * The localnet's dollar stablecoin (issue 21): Harbour USD (HUSD), 6 decimals, with Tether USD's
 * quirks that a swap must survive: `transfer`, `transferFrom` and `approve` return nothing (no
 * bool), and `approve` refuses (reverts) to change a non-zero allowance to another non-zero value,
 * so a spender's allowance is reset to 0 before it is set again. An allowance of 2^256-1 is never
 * spent down. Only the deployer mints. No package ships such a contract compiled, so solc-js compiles
 * it (solidity.ts, cached). Deployed and minted by amm.ts. Demo and test tooling only.
 */
import { compileContract, type Artifact } from './solidity.js'

/** Harbour USD as the demo page and tests describe it. */
export const HUSD = { name: 'Harbour USD', symbol: 'HUSD', decimals: 6 } as const

/** The revert reason of `approve` from one non-zero allowance to another. */
export const HUSD_APPROVE_REFUSAL = 'HUSD: reset the allowance to 0 first'

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A 6-decimal dollar token with Tether USD's interface: transfer, transferFrom and approve return
/// nothing, and approve cannot move an allowance from one non-zero value to another.
contract VoidReturnStablecoin {
    string public name;
    string public symbol;
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    address public immutable minter;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        minter = msg.sender;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "HUSD: only the minter mints");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external {
        move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "HUSD: allowance too low");
            allowance[from][msg.sender] = allowed - value;
        }
        move(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        require(value == 0 || allowance[msg.sender][spender] == 0, "${HUSD_APPROVE_REFUSAL}");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function move(address from, address to, uint256 value) private {
        require(to != address(0), "HUSD: transfer to the zero address");
        require(balanceOf[from] >= value, "HUSD: balance too low");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
`

let compiled: Promise<Artifact> | undefined

/**
 * The stablecoin's artifact: constructor(name, symbol); mint(to, value) by the deployer only. Compiled
 * once per process (both chains share the promise), from the cache after the first run.
 * @throws Error 'VoidReturnStablecoin did not compile: {errors}' on a compiler error.
 */
export function stablecoinArtifact(): Promise<Artifact> {
  compiled ??= compileContract('VoidReturnStablecoin', SOURCE).catch((error: unknown) => {
    compiled = undefined
    throw error
  })
  return compiled
}
