"""The machine line shared by the benchmark table scripts: what Google
Benchmark's JSON context (plus ffft's custom entries) says about the run."""


def host_line(context):
    """'Host H: CPU, N CPUs at M MHz' from a Google Benchmark context."""
    return (f"Host {context.get('host_name', '?')}: {context.get('cpu_model', '?')}, "
            f"{context.get('num_cpus', '?')} CPUs at {context.get('mhz_per_cpu', '?')} MHz")


def load_average(context):
    """The load average at the start of the run, as 'a, b, c' or '?'."""
    return ", ".join(f"{x:.2f}" for x in context.get("load_avg", [])) or "?"
