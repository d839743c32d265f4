//! What `/proc` says of a process: its CPU time, for the commands that report it (bench, its
//! search lines, endgame, match), in a file of its own so that they need not import each other.

/// CPU time of this process so far (user + system, all threads), from `/proc/self/stat`.
pub fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let path = match pid {
        None => "/proc/self/stat".to_owned(),
        Some(p) => format!("/proc/{p}/stat"),
    };
    let stat = std::fs::read_to_string(path).ok()?;
    // Fields after the command name (which is in parentheses): state is field 3; utime 14,
    // stime 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0) // USER_HZ is 100 on Linux
}
