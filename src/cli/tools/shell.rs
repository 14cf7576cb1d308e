//! `banluck-lab completions SHELL` and `banluck-lab man`: generated from
//! the clap definition, so they list every subcommand and flag.

use std::io::Write;

use clap::{Args, CommandFactory, ValueEnum};
use clap_complete::Shell;

use crate::cli::{Cli, CliError};

/// The shells `completions` writes for.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum CompletionShell {
    /// bash: `source <(banluck-lab completions bash)`.
    Bash,
    /// zsh: write the output to a folder on `$fpath` as `_banluck-lab`.
    Zsh,
    /// fish: write to ~/.config/fish/completions/banluck-lab.fish.
    Fish,
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh or fish.
    pub shell: CompletionShell,
    /// Accepted for uniformity; the script is the output.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print {"shell": ..., "script": ...} instead of the bare script.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Accepted for uniformity; the page is the output.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print {"roff": ...} instead of the bare page.
    #[arg(long)]
    pub json: bool,
}

/// The program's name, as a shell completes it.
const PROGRAM: &str = "banluck-lab";

/// The name bash's script is generated for: clap_complete's bash script
/// spells its states two ways for a name with a hyphen, so no subcommand
/// past the first word completes (clap-rs/clap#6421); for a name without
/// one its states agree, and [`bash_script`] registers the script for
/// [`PROGRAM`].
const BASH_NAME: &str = "banluck_lab";

/// Runs `completions`.
pub fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let shell = match args.shell {
        CompletionShell::Bash => Shell::Bash,
        CompletionShell::Zsh => Shell::Zsh,
        CompletionShell::Fish => Shell::Fish,
    };
    let script = match shell {
        Shell::Bash => bash_script(),
        _ => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), PROGRAM, &mut script);
            script
        }
    };
    let name = format!("{shell}");
    emit(
        args.json,
        script,
        |text| serde_json::json!({ "shell": name, "script": text }),
    )
}

/// The bash completion script: generated for [`BASH_NAME`], each
/// `complete` line registering it for [`PROGRAM`].
fn bash_script() -> Vec<u8> {
    let mut generated = Vec::new();
    clap_complete::generate(Shell::Bash, &mut Cli::command(), BASH_NAME, &mut generated);
    let text = String::from_utf8_lossy(&generated);
    let suffix = format!(" {BASH_NAME}");
    let mut script = String::with_capacity(text.len());
    for line in text.lines() {
        match line.strip_suffix(suffix.as_str()) {
            Some(start) if line.trim_start().starts_with("complete ") => {
                script.push_str(start);
                script.push(' ');
                script.push_str(PROGRAM);
            }
            _ => script.push_str(line),
        }
        script.push('\n');
    }
    script.into_bytes()
}

/// Runs `man`: one roff page covering every subcommand.
pub fn man(args: &ManArgs) -> Result<(), CliError> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render(&mut page).map_err(io_error)?;
    for sub in command.get_subcommands() {
        write_subcommand_section(&mut page, sub).map_err(io_error)?;
    }
    emit(args.json, page, |text| serde_json::json!({ "roff": text }))
}

/// A `SUBCOMMAND` section per subcommand: its name, about and options.
fn write_subcommand_section(page: &mut Vec<u8>, sub: &clap::Command) -> std::io::Result<()> {
    let mut sub = sub
        .clone()
        .bin_name(format!("banluck-lab {}", sub.get_name()));
    sub.build();
    writeln!(
        page,
        ".SH \"BANLUCK-LAB {}\"",
        sub.get_name().to_uppercase()
    )?;
    let nested = sub.has_subcommands();
    let man = clap_mangen::Man::new(sub);
    man.render_description_section(page)?;
    man.render_options_section(page)?;
    if nested {
        man.render_subcommands_section(page)?;
    }
    Ok(())
}

fn emit(
    json: bool,
    bytes: Vec<u8>,
    wrap: impl FnOnce(String) -> serde_json::Value,
) -> Result<(), CliError> {
    let text = String::from_utf8(bytes).map_err(|e| CliError::internal(e.to_string()))?;
    if json {
        println!("{}", wrap(text));
    } else {
        print!("{text}");
    }
    Ok(())
}

fn io_error(error: std::io::Error) -> CliError {
    CliError::internal(format!("cannot write the man page: {error}"))
}
