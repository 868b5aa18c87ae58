//! The repository's documents stay in step with what they describe.

use std::path::Path;

/// `docs/rules.md` is the project's own copy of the rules specification: below its marker line it
/// must equal the shared specification (`../shared/RULES.md`) byte for byte whenever that folder
/// is beside the repository (as it is for developers and CI). A clone without it checks only
/// that the copy is whole.
#[test]
fn docs_rules_in_step() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours = std::fs::read_to_string(root.join("docs/rules.md")).expect("docs/rules.md exists");
    let marker = "<!-- rules-body-follows -->\n";
    let body = &ours[ours
        .find(marker)
        .expect("docs/rules.md has its marker line")
        + marker.len()..];
    assert!(
        body.starts_with("# Rules specification"),
        "docs/rules.md body starts with its title"
    );
    for section in [
        "## 1. Catch the Ten",
        "## 2. 9-5-2",
        "## 3. Whist",
        "## 4. Worked examples",
        "### 5.4",
    ] {
        assert!(body.contains(section), "docs/rules.md lacks {section}");
    }
    let shared = root.join("../shared/RULES.md");
    match std::fs::read_to_string(&shared) {
        Ok(spec) => assert!(
            body == spec,
            "docs/rules.md is out of step with {}: copy the specification below the marker line",
            shared.display()
        ),
        Err(_) => eprintln!(
            "{} not present: checked docs/rules.md alone",
            shared.display()
        ),
    }
}

/// The README's links to documents in the repository point at files that exist.
#[test]
fn readme_links_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md exists");
    let mut checked = 0;
    for (i, _) in readme.match_indices("](") {
        let rest = &readme[i + 2..];
        let Some(end) = rest.find(')') else { continue };
        let target = rest[..end].split('#').next().unwrap_or("");
        if target.is_empty() || target.contains("://") {
            continue;
        }
        assert!(
            root.join(target).exists(),
            "README links to {target}, which does not exist"
        );
        checked += 1;
    }
    assert!(
        checked > 0,
        "the README links at least one document of the repository"
    );
}

/// The exit codes read the same in the README, `tricklab --help` and the bot protocol: a bot's
/// fault is code 1, beside the environment's failures; a bot's option or setting that the bot
/// does not offer is bad input, code 2.
#[test]
fn exit_codes_agree_everywhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let readme = flat(&std::fs::read_to_string(root.join("README.md")).unwrap());
    let protocol = flat(&std::fs::read_to_string(root.join("docs/bot-protocol.md")).unwrap());
    let help = flat(tricklab::cli::EXIT_CODES);
    for says in [
        "success",
        "the environment failed",
        "an external bot broke the protocol",
        "bad input",
        "interrupted",
        "option or setting that the bot does not offer",
    ] {
        assert!(help.contains(says), "--help: {says}");
        assert!(readme.contains(says), "README: {says}");
    }
    assert!(protocol.contains(
        "0 success; 1 the environment failed or an external bot broke the protocol; 2 bad input, \
         an option or setting that the bot does not offer included; 3 interrupted"
    ));
}

/// Every subcommand's `--help` ends with the same exit codes as `tricklab --help`.
#[test]
fn every_subcommands_help_lists_the_exit_codes() {
    use clap::CommandFactory;
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let codes = flat(tricklab::cli::EXIT_CODES);
    let mut paths: Vec<Vec<String>> = vec![vec![]];
    for sub in tricklab::cli::Cli::command().get_subcommands() {
        paths.push(vec![sub.get_name().to_string()]);
        for inner in sub.get_subcommands() {
            paths.push(vec![
                sub.get_name().to_string(),
                inner.get_name().to_string(),
            ]);
        }
    }
    assert!(paths.len() > 15, "{paths:?}");
    for path in paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = crate::common::tricklab_ok(&args);
        assert!(
            flat(&help).contains(&codes),
            "tricklab {args:?} lacks the exit codes:\n{help}"
        );
    }
}
